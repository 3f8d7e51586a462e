// The CampusLibrary module.
