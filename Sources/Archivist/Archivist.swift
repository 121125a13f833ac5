@_exported import PropertyList
