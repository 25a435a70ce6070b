"""Parameter maps: chains of mapped implications, their composition, sound numbers, conversion."""
