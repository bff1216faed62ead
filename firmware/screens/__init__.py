"""Every screen but the mat, by name, and the module that has it: `screens.Menu(ui)` loads it.

One table says where each lives (as micropython-lib's and Peter Hinch's lazy
packages do), so no screen imports another inline. A board loads .mpy code
into RAM, so back on the mat the UI drops these modules again (ui.unload):
the heap holds the mat and one screen, not every screen ever opened.
"""

import sys  # here, not in unload(): an import in a function searches the flash at every call

from lazy import ON_MAT, drop

# Module names written out whole: unload() runs whenever the screens change, and a str made
# at run time ("screens." + name) is looked up among all the names the code has interned.
_attrs = {
    "BattleEntry": "screens.battle",
    "HandsEntry": "screens.battle",
    "EventChoices": "screens.event_card",
    "PickEvent": "screens.event_card",
    "roll_and_show": "screens.dice",
    "GameOver": "screens.end",
    "EndGame": "screens.end_now",
    "Guidance": "screens.guide",
    "Reshuffle": "screens.guide",
    "Setup": "screens.guide",
    "History": "screens.history",
    "MatScreen": "screens.mat",  # each game's mat: the one in use stays (play/)
    "WarMat": "screens.war_mat",
    "WarOver": "screens.war_mat",
    "Redraw": "screens.war_mat",
    "DeckChange": "screens.war_mat",
    "WarSteps": "screens.war_mat",
    "WeaponChoice": "screens.war_mat",
    "PayCalculator": "screens.war_pay",
    "FrontMat": "screens.lf_mat",
    "TurnUp": "screens.lf_mat",
    "Declare": "screens.lf_mat",
    "Holdings": "screens.lf_mat",
    "FrontOver": "screens.lf_mat",
    "FrontBid": "screens.lf_bid",
    "BidCalculator": "screens.lf_calc",
    "Seats": "screens.names",
    "NameEntry": "screens.names",
    "CardInfo": "screens.info",
    "About": "screens.info",
    "Menu": "screens.menu",
    "Settings": "screens.settings",
    "AIHand": "screens.solo",
    "BonusPhase": "screens.solo",
    "PlusChart": "screens.solo",
    "RandomDiscard": "screens.solo",
    "roll_hand": "screens.solo",
    "setup_checklist": "screens.solo",
}


def __getattr__(attr):
    module = _attrs.get(attr)
    if module is None:
        raise AttributeError(attr)
    return getattr(__import__(module, None, None, (attr,)), attr)  # not kept here: unload() drops it


def _shared(kind):
    """A kind of screen that screen modules build on: a Menu on the stack is a ListScreen too."""
    name = kind.__name__
    for module in ("screens.base", "screens.widgets"):
        loaded = sys.modules.get(module)
        if loaded is not None and getattr(loaded, name, None) is kind:
            return True
    return False


def _in_use(name, stack):
    # Builds no list: unload() runs when the screens change, with the heap at its fullest.
    for value in sys.modules[name].__dict__.values():
        if type(value) is type and not _shared(value):
            for screen in stack:
                if isinstance(screen, value):
                    return True
    return False


def unload(stack=None, keep=None, mat=False):
    """Drop the lazily loaded modules; given the screen stack, only screens' modules none of it uses,
    and the helpers (lazy.ON_MAT) only if `mat`: the stack is the mat alone.
    keep: the name of a screen about to open, whose module stays if loaded (not dropped and read again)."""
    modules = sys.modules
    kept = _attrs.get(keep)
    for names in (ON_MAT, _attrs.values()):
        helpers = names is ON_MAT
        for name in names:
            if name not in modules or name == kept:
                continue
            try:
                # helpers such as the guidance texts stay until the mat: screens may hold their functions;
                # the mat's own module stays with it (a screen beside it would read it again: twice the code)
                if stack is not None and (not mat if helpers else _in_use(name, stack)):
                    continue
            except MemoryError:  # not even the heap to look: it stays until the screens change again
                continue
            drop(name)
