"""The command line (``faithcheck``). It imports every layer below it; nothing imports it but
``faithcheck.__main__``."""
