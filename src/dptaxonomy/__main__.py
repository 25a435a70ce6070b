"""`python -m dptaxonomy` runs the `dptax` command line."""

from dptaxonomy.cli import main

main()
