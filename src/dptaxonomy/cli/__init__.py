"""The `dptax` command line: parses, calls the library, prints."""
