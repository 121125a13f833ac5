@_exported import PropertyList
@_exported import AutoCoding
