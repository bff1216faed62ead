"""The firmware's version, shown in About and sent in the link's handshake."""

VERSION = "0.5.0"
