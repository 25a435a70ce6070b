"""Queries over the catalog and the knowledge base, returning results that know their JSON form."""
