"""`python -m dptaxonomy` runs the `dptax` command line."""

from dptaxonomy.cli.main import main

main()
