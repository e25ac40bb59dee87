"""``python -m faithcheck`` runs the command line."""

from faithcheck.cli import main

main()
