"""Last Front's rules for the battles: check an action against the state, then apply it.

Every check runs before the first change, so a refused action leaves the state as it was.
Messages cite the rulebook's section headings (it numbers none).
"""

from ..errors import GameError
from .actions import PILE, TYPES
from .state import BID, DECLARE, FLIP, OVER, Battle


def _need(state, kind, phase):
    if state.phase == phase:
        return
    if state.phase == OVER:
        raise GameError("%s: the game is over (Victory Conditions); undo to change it" % kind)
    said = {
        FLIP: "a territory is to be turned up first (Winning the Battle)",
        DECLARE: "the last battle's winner declares the next battle first (Winning the Battle)",
        BID: "a battle is on: bid or withdraw (Game Play)",
    }
    raise GameError("%s: %s" % (kind, said[state.phase]))


def _seat(state, kind, seat):
    if seat >= len(state.players):
        raise GameError("%s: no seat %d at a table of %d" % (kind, seat, len(state.players)))


def _flip(state, a):
    kind = a[1]
    _need(state, "flip", FLIP)
    if kind not in state.deck:
        raise GameError("flip: %s is not in play (Victory Conditions: the table removed it)" % kind)
    if not state.deck[kind]:
        raise GameError("flip: no %s card is left in the Territory deck (3 of each type)" % kind)
    state.deck[kind] -= 1
    state.open = kind
    state.news = [("flip", None, kind)]
    if not state.fought:  # Game Play: the first battle is always for the card turned up
        _begin(state, None, kind, 0)
    else:
        state.phase = DECLARE


def _declare(state, a):
    _, holder, kind = a
    _need(state, "battle", DECLARE)
    declarer = state.battle.winner
    if holder is None:
        if kind is not None and kind != state.open:
            raise GameError("battle: the card turned up is %s, not %s" % (state.open, kind))
        if state.open is None:
            raise GameError("battle: no territory is turned up; attack a captured one (Winning the Battle)")
        kind = state.open
    else:
        _seat(state, "battle", holder)
        if holder == declarer:
            raise GameError("battle: the winner attacks a territory held by another player (Winning the Battle)")
        if kind not in state.held[holder]:
            raise GameError("battle: %s holds no %s territory" % (state.players[holder], kind))
    state.news = []
    _begin(state, holder, kind, declarer)


def _begin(state, holder, kind, declarer):
    n = len(state.players)
    seats = [(declarer + k) % n for k in range(n)]  # clockwise from the declarer
    state.fought += 1
    state.battles.append(Battle(state.fought, holder, kind, declarer, seats))
    state.phase = BID


def _turn(state, kind, seat):
    _need(state, kind, BID)
    _seat(state, kind, seat)
    battle = state.battle
    if seat != battle.turn:
        raise GameError("%s: it is %s's turn (Game Play)" % (kind, state.players[battle.turn]))
    return battle


def _next_in(battle, seat):
    seats = battle.still_in
    return seats[(seats.index(seat) + 1) % len(seats)]


def dug_in(battle, seat):
    """The piles a seat has dug in this battle: they stay in its bid ("Digging in" rule)."""
    for at, _, dug in reversed(battle.bids):
        if at == seat:
            return dug or 0
    return 0


def _bid(state, a):
    _, seat, value, dug = a
    battle = _turn(state, "bid", seat)
    if value <= battle.high:
        raise GameError("bid: at least %d, one more than the bid to beat (Game Play)" % (battle.high + 1))
    if dug is not None:
        if not state.dig:
            raise GameError("bid: digging in is an optional rule this game does not play (Settings)")
        if dug * PILE > value:
            raise GameError("bid: %d piles dug in are %d points, more than the bid of %d" % (dug, dug * PILE, value))
    had = dug_in(battle, seat)
    if (dug or 0) < had:
        raise GameError("bid: %d piles are dug in already, and dug-in cards remain in the bid (Digging in)" % had)
    battle.bids.append((seat, value, dug))
    battle.high, battle.high_seat = value, seat
    battle.turn = _next_in(battle, seat)
    state.news = [("bid", seat, value)]


def _withdraw(state, a):
    seat = a[1]
    battle = _turn(state, "withdraw", seat)
    if battle.high == 0:
        raise GameError("withdraw: the player declaring the battle MUST make an opening bid (Game Play)")
    following = _next_in(battle, seat)
    battle.still_in.remove(seat)
    battle.withdrawn.append(seat)
    state.news = [("withdraw", seat, 1)]  # Withdrawing from Battle: draw one more card
    if len(battle.still_in) > 1:
        battle.turn = following
        return
    _capture(state, battle, battle.still_in[0])


def _capture(state, battle, winner):
    """Winning the Battle: the last one in adds the territory to their display, draws 1 extra."""
    battle.winner = winner
    battle.turn = None
    kind = battle.type
    if battle.holder is None:
        state.open = None
    else:
        state.held[battle.holder].remove(kind)
    state.held[winner].append(kind)
    state.news.append(("won", winner, kind))
    _bonuses(state)
    if _victory(state, winner):
        state.winner = winner
        state.phase = OVER
        state.news.append(("victory", winner, state.victory))
    elif state.open is None and state.deck_left():
        state.phase = FLIP  # a captured top card: a new one is always turned up first
    elif state.open is None and not any(state.held[s] for s in range(len(state.players)) if s != winner):
        state.phase = OVER  # nothing left to fight over: the game ends without a winner
        state.news.append(("no-battle", None, None))
    else:
        state.phase = DECLARE


def _bonuses(state):
    """Territory Bonuses: a player with the majority of a type holds its bonus; a tie, or no
    cards, leaves it in the center of the table."""
    for kind in state.types:
        counts = [h.count(kind) for h in state.held]
        most = max(counts)
        holder = counts.index(most) if most and counts.count(most) == 1 else None
        if holder != state.bonus[kind]:
            state.bonus[kind] = holder
            state.news.append(("bonus", holder, kind))


def victory(victory, held):
    """Victory Conditions, as read here: normal, 2 cards of one type or cards of 3 different
    types; quick, 3 territory cards of any types. Territory Bonus cards never count."""
    if victory == "quick":
        return len(held) >= 3
    kinds = 0
    for kind in TYPES:
        n = held.count(kind)
        if n >= 2:
            return True
        kinds += 1 if n else 0
    return kinds >= 3


def _victory(state, seat):
    return victory(state.victory, state.held[seat])


def apply(state, a):
    kind = a[0]
    if kind == "bid":
        _bid(state, a)
    elif kind == "withdraw":
        _withdraw(state, a)
    elif kind == "battle":
        _declare(state, a)
    elif kind == "flip":
        _flip(state, a)
    else:
        raise GameError("%s: not an action of Last Front" % kind)
