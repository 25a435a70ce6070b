"""The static website (``dptax site``): a page per definition, pair and view, search, data.

:func:`~dptaxonomy.export.site.builder.build_site` is the entry point; templates
and assets ship as package data under ``templates/`` and ``static/``.
"""
