"""The `adjutant` commands, one module per group (as mpremote's): cli.py's table names them."""
