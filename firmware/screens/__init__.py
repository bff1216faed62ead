"""Every screen but the mat, by name, and the module that has it: `screens.Menu(ui)` loads it.

One table says where each lives (as micropython-lib's and Peter Hinch's lazy
packages do), so no screen imports another inline. A board loads .mpy code
into RAM, so back on the mat the UI drops these modules again (ui.unload):
the heap holds the mat and one screen, not every screen ever opened.
"""

_attrs = {
    "BattleEntry": "battle",
    "HandsEntry": "battle",
    "EventChoices": "dice",
    "PickEvent": "dice",
    "roll_and_show": "dice",
    "GameOver": "end",
    "Guidance": "guide",
    "Reshuffle": "guide",
    "Setup": "guide",
    "History": "history",
    "CardInfo": "info",
    "About": "info",
    "Menu": "menu",
    "Settings": "settings",
    "AIHand": "solo",
    "BonusPhase": "solo",
    "PlusChart": "solo",
    "RandomDiscard": "solo",
    "roll_hand": "solo",
    "setup_checklist": "solo",
}

# What those screens load for their texts, dropped with them back on the mat.
HELPERS = ("shared_engine.guidance", "shared_engine.solitaire")


def __getattr__(attr):
    module = _attrs.get(attr)
    if module is None:
        raise AttributeError(attr)
    return getattr(__import__("screens." + module, None, None, (attr,)), attr)  # not kept here: unload() drops it


def lazy_modules():
    """The modules this table loads on demand, and their helpers."""
    names = []
    for module in _attrs.values():
        if "screens." + module not in names:
            names.append("screens." + module)
    return names + list(HELPERS)


def _in_use(name, stack):
    import sys

    shared = sys.modules["screens.base"].__dict__.values()  # every screen module imports these
    for value in sys.modules[name].__dict__.values():
        if type(value) is type and value not in shared:
            for screen in stack:
                if isinstance(screen, value):
                    return True
    return False


def unload(stack=None):
    """Drop the lazily loaded modules; given the screen stack, only screens' modules none of it uses."""
    import sys

    lazy = lazy_modules()
    if stack is None:
        loaded = [name for name in lazy if name in sys.modules]
    else:  # helpers such as the guidance texts stay until the mat: screens may hold their functions
        loaded = [n for n in lazy if n in sys.modules and n.startswith("screens.") and not _in_use(n, stack)]
    if not loaded:
        return
    for name in loaded:
        del sys.modules[name]
        package, _, attr = name.rpartition(".")
        parent = sys.modules.get(package)
        if parent is not None and attr in parent.__dict__:
            delattr(parent, attr)
