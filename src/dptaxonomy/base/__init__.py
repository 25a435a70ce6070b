"""Foundation shared by every layer: the exception hierarchy, typed diagnostics, atomic writes."""
