"""The engine's errors. Each message says what is wrong and where."""


class GameError(ValueError):
    """An action or log record that the rules or the log schema do not allow.

    The game state is unchanged when this is raised.
    """


class CardDataError(ValueError):
    """Card data that does not fit the card model; names the card and field."""
