"""The courtyard interface: the dvorovoy JavaScript contest's demo AI plays unchanged; faults are violations.

The demo is read at test time from the source document (the `demo` fixture of `conftest.py`); its code is
never copied into the project.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import games
from games.contest import entrants_from
from games.protocol.match import Entrant, play_match
from games.protocol.process import Limits

G = games.get("dvorovoy")


def test_the_demo_plays_whole_matches_with_no_violation(node: str, demo: str) -> None:
    for seed, seats in ((1, [demo, "ai:heuristic"]), (2, ["ai:random", demo, demo, "ai:heuristic"])):
        entrants = [Entrant.parse(f"p{i}={s}") for i, s in enumerate(seats)]
        result = play_match(G, entrants, seed=seed)
        assert result.moves > 50
        for s, spec in zip(result.seats, seats, strict=True):
            assert s.violations == [] and s.ai_moves == 0 and s.replaced is None
            if spec == demo:
                assert s.decisions > 5  # the demo itself made every move of its seat (no AI move above)
        assert result.winners and result.deals > 1


PROBE = """
// Plays as the demo, checking what the contest's page promises on every call; a broken promise throws
// (and so crashes the program, which fails the test).
window.addEvent('domready', function () {
  var Counting = new Class({ turns: 0, count: function () { this.turns++; return this; } });
  Bridge.AI = new Class({
    Extends: Bridge.AIUtils,
    Implements: [Counting],
    initialize: function (player) { this.parent(player); this.me = player; },
    check: function (ok, what) { if (!ok) throw new Error('broken promise: ' + what); },
    look: function () {
      var players = this.getPlayers(), me = this.player, top = this.lastCard();
      this.check(players.length >= 2 && players.contains(me), 'getPlayers holds me');
      this.check(me === this.me, 'the same player object');
      this.check(me.cards.length > 0 && me.sumCards() === me.cards.reduce(
        function (s, c) { return s + c.getValue(); }, 0), 'sumCards');
      me.cards.each(function (c) {
        this.check(['a','k','q','j','10','9','8','7','6'].contains(c.rank), 'rank ' + c.rank);
        this.check(['s','c','h','d'].contains(c.suit), 'suit ' + c.suit);
        var worth = ({a: 15, j: 20, k: 10, q: 10, '10': 10})[c.rank] || 0;
        this.check(c.getValue() === worth, 'value');
        this.check(typeof c.getName() === 'string' && c.getName().indexOf(' ') > 0, 'name');
      }, this);
      players.each(function (p) {
        this.check(typeof p.score === 'number' && p.cards.length >= 0, 'score and count');
        if (p !== me) this.check(p.cards.every(function (c) { return c.getValue() === null; }), 'hidden');
      }, this);
      this.check(top && top.getName(), 'lastCard');
      this.check(this.canhGetCard() === this.canGetCard(), 'canhGetCard');
      this.count().message('turn ' + this.turns).debug();
    },
    putCardSmart: function (card) {
      if (card.rank == 'j') card.setRequireSuit('h');
      this.putCard(card, this.finishSmart.bind(this));
    },
    getCardSmart: function () {
      this.getCard(function (card) {
        this.check(card && this.player.cards.contains(card), 'the drawn card is in my hand');
        this.canPutCard(card) ? this.putCardSmart(card) : this.finishSmart();
      }.bind(this));
    },
    finishSmart: function () { this.canFinishMove() ? this.finishMove() : this.movement(); },
    movement: function (first) {
      this.look();
      if (first) return this.finishSmart();
      var card = this.player.hasPuttable();
      this.check(!card || this.canPutCard(card), 'hasPuttable');
      card ? this.putCardSmart(card) : this.getCardSmart();
    }
  });
});
"""


def test_the_contest_page_keeps_its_promises(node: str, tmp_path: Path) -> None:
    (tmp_path / "probe.js").write_text(PROBE)
    probe = Entrant("probe", command=f"courtyard:{tmp_path / 'probe.js'}")
    entrants = [probe, Entrant("h", level="heuristic")]
    log = tmp_path / "t.txt"
    with log.open("w") as transcript:
        result = play_match(G, entrants, seed=5, transcript=transcript, workdirs=str(tmp_path / "w"))
    probe = result.seats[0]
    assert probe.violations == [] and probe.ai_moves == 0 and probe.decisions > 20
    answers = [line.split("\t", 1)[1] for line in log.read_text().splitlines() if line.startswith("< probe")]
    named = [a for a in answers if "suit:" in a]
    assert named and all('"suit:H"' in a for a in named if a)  # every jack it played asked for hearts
    assert "turn 1" in (tmp_path / "w" / "probe" / "stderr.log").read_text()  # message() goes to its log


FAULTS = {
    # throws from its own code
    "throws": "Bridge.AI = new Class({Extends: Bridge.AIUtils, movement: function () { null.boom(); }});",
    # never finishes its move
    "silent": "Bridge.AI = new Class({Extends: Bridge.AIUtils, movement: function () {}});",
    # puts a card it does not hold
    "cheat": "Bridge.AI = new Class({Extends: Bridge.AIUtils, movement: function () {"
    " var c = this.lastCard(); this.putCard({code: c.code === 'AS' ? 'AH' : 'AS'}); }});",
}


FAULT_REASONS = [("throws", "crash"), ("silent", "timeout"), ("cheat", "illegal")]


@pytest.mark.parametrize(("fault", "reason"), FAULT_REASONS)
def test_a_faulty_courtyard_program_is_handled_like_any_program(
    node: str, tmp_path: Path, fault: str, reason: str
) -> None:
    path = tmp_path / f"{fault}.js"
    path.write_text(f"window.addEvent('domready', function () {{ {FAULTS[fault]} }});")
    entrants = [Entrant(fault, command=f"courtyard:{path}"), Entrant("h", level="heuristic")]
    result = play_match(G, entrants, seed=3, limits=Limits(time=0.5), budget=0.001)
    s = result.seats[0]
    assert len(s.violations) == 1 and s.violations[0].startswith(reason)
    assert s.replaced and s.ai_moves > 0  # the contest's rule: the built-in AI plays the rest of the game
    assert result.moves > 20


def test_courtyard_programs_play_dvorovoy_only() -> None:
    with pytest.raises(ValueError, match="dvorovoy"):
        entrants_from(games.get("durak"), ["a=courtyard:x.js", "b=ai:random"])
