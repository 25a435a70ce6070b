"""Reading the catalog: located YAML, loading, whole-catalog checks, names, formatting."""
