"""Exports of the knowledge base: one module per format; a pure function builds the text,
:func:`dptaxonomy.atomic.write_text_atomic` writes it."""
