"""Offers and resignation on the board scene, and the answers to their questions.

``BoardOffers`` (``scene.offers``) is a part of the board scene. Offers (the player to move
offers, the opponent accepts): Amoeba "Offer to end and count" (the stacks are counted), Onager
"Offer a draw", Onyx "Offer to stop" (``Match.agree``). The offerer first sees what the offer
means and confirms; then a second person answers in a dialog (Accept / Decline), or a computer
opponent through its engine (``computer.ask_offer``, answered later in ``answered``). The
questions are the scene's one dialog (``scene.open_dialog``); ``dialog_done`` hears how a dialog
of theirs was closed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import N_, _
from ...names import side_name
from ...rules.base import Color, RulesError
from ...ui.problems import clause, refusal_words
from .part import ScenePart

if TYPE_CHECKING:  # pragma: no cover
    from .scene import BoardScene

OFFER_TEXT = {
    "amoeba": N_("{me} offers to end the game now and count the stacks. {means}<br><br>{other}, do you accept?"),
    "onager": N_("{me} offers a draw. {means}<br><br>{other}, do you accept?"),
    "onyx": N_("{me} offers to stop the game here without a winner. {means}<br><br>{other}, do you accept?"),
}
OFFER_TITLE = {"amoeba": N_("Offer to end and count?"), "onager": N_("Offer a draw?"), "onyx": N_("Offer to stop?")}


class BoardOffers(ScenePart):
    """Resign and offer, with their questions and answers (see the module docstring)."""

    KINDS = ("resign", "offer", "offer_ask")     # the dialogs this part asks (scene.dialog_kind)

    def __init__(self, scene: "BoardScene") -> None:
        super().__init__(scene)
        self.resigner: Color | None = None      # who resigns, while the question is open

    def resign(self) -> None:
        """Resign (the button): asks first; the human to move resigns (or the one human)."""
        m = self.match
        if m is None or m.is_over:
            return
        humans = [c for c in Color if m.is_human(c)]
        who = m.to_move if m.to_move in humans or not humans else humans[0]
        self.scene.open_dialog("resign", _("Resign?"),
                               _("{side} resigns and {other} wins.<br><br>Are you sure?").format(
                                   side=side_name(who.word), other=side_name(who.other.word)), _("Resign"),
                               danger=True)
        self.resigner = who

    def offer(self) -> None:
        """The player to move offers; the opponent accepts. Only on a human's turn. The player
        first sees what the offer means (the count and the result it would give) and confirms;
        then the other player (a person: Accept or Decline; the computer: through the engine)
        answers, and either answer is said."""
        sc = self.scene
        m = self.match
        if m is None or m.is_over:
            return
        me = m.to_move
        if not m.is_human(me) or sc.computer.thinking:
            sc.set_status(_("You can make an offer on your own turn."), "warn")
            return
        sc.open_dialog("offer_ask", _(OFFER_TITLE.get(sc.game_name, N_("Offer a draw?"))),
                       _("{means}<br><br>{other} is asked to accept.").format(
                           means=self.consequence(), other=side_name(me.other.word)), _("Offer it"))

    def consequence(self) -> str:
        """What an agreement now would mean, in words: the count and the result."""
        m = self.match
        try:
            res = m.agreement_result(None)
        except RulesError as exc:
            return _("The game cannot end by agreement here: {why}.").format(why=clause(refusal_words(exc)))
        outcome = _("a draw") if res.winner is None else _("{side} wins").format(side=side_name(res.winner.word))
        if self.scene.game_name == "amoeba":
            counts = self.scene.panel.counts()
            b, w = counts.get("black", "?"), counts.get("white", "?")
            return _("If it is accepted, the game ends now and the stacks are counted: Black {black}, "
                     "White {white}: {outcome}.").format(black=b, white=w, outcome=outcome)
        return _("If it is accepted, the game ends now: {outcome}.").format(outcome=outcome)

    def send(self) -> None:
        """The player confirmed the offer: ask the other player."""
        sc = self.scene
        m = self.match
        if m is None or m.is_over:
            return
        me = m.to_move
        other = me.other
        if not m.is_human(other):
            if not sc.computer.ask_offer():
                sc.set_status(_("{side} (computer) declines the offer.").format(side=side_name(other.word)), "warn")
            return
        text = _(OFFER_TEXT.get(sc.game_name, OFFER_TEXT["onager"])).format(
            me=side_name(me.word), other=side_name(other.word), means=self.consequence())
        sc.open_dialog("offer", _("An offer"), text, _("Accept"), cancel=_("Decline"))

    def answered(self, accepted: bool) -> None:
        """The computer opponent's answer to the offer."""
        sc = self.scene
        m = self.match
        other = m.to_move.other
        if accepted and not m.is_over:
            self.agree()
            sc.set_status(_("{side} (computer) accepts.").format(side=side_name(other.word)))
        else:
            sc.set_status(_("{side} (computer) declines the offer.").format(side=side_name(other.word)), "warn")

    def declined(self) -> None:
        """The other player closed the offer without accepting it."""
        m = self.match
        if m is not None:
            self.scene.set_status(_("{side} declines the offer. The game goes on.").format(
                side=side_name(m.to_move.other.word)), "warn")

    def agree(self) -> None:
        """Both players agreed: the game ends by agreement."""
        sc = self.scene
        assert self.match is not None
        try:
            self.match.agree()
        except RulesError as exc:
            sc.set_status(refusal_words(exc), "error")
            return
        sc.panel.clear_status()
        sc.refresh()

    def dialog_done(self, kind: str, confirmed: bool) -> bool:
        """A dialog of this part was closed (confirmed, or closed without it); False if the
        dialog was not one of its questions."""
        if kind not in self.KINDS:
            return False
        m = self.match
        if not confirmed:
            if kind == "offer":
                self.declined()
        elif kind == "resign" and m is not None and not m.is_over:
            m.resign(self.resigner if self.resigner is not None else m.to_move)
            self.scene.panel.clear_status()
            self.scene.refresh()
        elif kind == "offer":
            self.agree()
        elif kind == "offer_ask":
            self.send()
        self.resigner = None
        return True
