"""`python -m dptaxonomy` runs the `dptax` command line."""

from dptaxonomy.cli.app import main

main()
