"""The content-keyed cache of the compiled knowledge base."""
