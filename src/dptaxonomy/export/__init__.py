"""Exports of the knowledge base: one module per format; a pure function builds the text,
:func:`dptaxonomy.base.atomic.write_text_atomic` writes it."""
