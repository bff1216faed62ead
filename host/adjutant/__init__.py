"""Adjutant on the host: the simulator now, the serial CLI next."""
