@_exported import PropertyList
@_exported import AutoCoding
@_exported import KeyedArchive
@_exported import Persistence
@_exported import ArchivistCache
