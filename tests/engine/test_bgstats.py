"""The BG Stats play mapping (shared_engine/bgstats.py), the same on CPython and MicroPython.

3.5 (the higher total wins: highestWins), 2.1/7.2 (the Defender of turn 1 plays first:
startPlayer) and the solitaire AI's side, as the page and the CLI both build them.
"""

from shared_engine import bgstats


def _play(**change):
    fields = dict(
        source_id="dev/g0001",
        play_date="2026-11-22 14:05:00",
        comments=bgstats.comments(
            "Basic game", "EA", 12, "Moral", bgstats.played("2026-11-22 14:05 (UTC+01:00)", 95), "g0001"
        ),
        solo=None,
        first="CP",
        scores={"CP": 43, "EA": 55},
        winner="EA",
        players=bgstats.side_names(None),
        minutes=95,
    )
    fields.update(change)
    return bgstats.play(**fields)


def test_rule_3_5_the_higher_total_wins_and_2_1_the_first_defender_plays_first():
    play = _play()
    assert play["game"]["highestWins"] is True and play["game"]["noPoints"] is False
    cp, ea = play["players"]
    assert (cp["role"], cp["score"], cp["winner"], cp["startPlayer"]) == ("Central Powers", 43, False, True)
    assert (ea["role"], ea["score"], ea["winner"], ea["startPlayer"]) == ("Entente Allies", 55, True, False)
    assert (
        play["comments"]
        == "Basic game: EA by 12 BP, Moral. Played 2026-11-22 14:05 (UTC+01:00), 95 min (Adjutant g0001)"
    )
    assert play["durationMin"] == 95 and "bggId" not in play["game"]


def test_a_draw_names_no_winner_and_a_bgg_id_is_only_the_one_given():
    play = _play(winner=None, bgg_id=1234)
    assert [p["winner"] for p in play["players"]] == [False, False]
    assert play["game"]["bggId"] == 1234


def test_solitaire_names_the_ai_side_and_marks_the_play_solo():
    play = _play(solo="EA", players=bgstats.side_names("EA", {"EA": "Anna"}))
    assert play["solo"] is True
    assert [p["name"] for p in play["players"]] == ["AI (Solitaire 3.3)", "Anna"]
    assert play["players"][1]["sourcePlayerId"] == "adjutant-anna"


def test_minutes_round_half_up_and_are_at_least_one():
    assert bgstats.minutes(0, 10) == 1
    assert bgstats.minutes(0, 89) == 1
    assert bgstats.minutes(0, 90) == 2
    assert bgstats.minutes(0, 150) == 3


def test_the_link_percent_encodes_utf8_as_urllib_does():
    assert bgstats.quote("a b/é~") == "a%20b%2F%C3%A9~"
    link = bgstats.link(_play(players={"CP": "Zoë", "EA": "Entente Allies"}))
    assert link.startswith(bgstats.CREATE_PLAY + "%7B")
    assert "Zo%C3%AB" in link and " " not in link
