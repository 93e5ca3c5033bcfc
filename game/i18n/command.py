"""The command ``python -m game.i18n check|extract`` (run by __main__.py): the catalogues of
both domains, the game's words (game.po) and the lessons' and puzzles' (levels.po,
game.levels_i18n). It sits above both domains, so neither imports the other."""
from __future__ import annotations

from typing import Sequence

from .. import levels_i18n as tutorial
from . import DOMAIN, catalogue_report, extract


def main(argv: Sequence[str] | None = None) -> int:
    import argparse
    import json
    p = argparse.ArgumentParser(prog="python -m game.i18n", description="The game's translation catalogues.")
    sub = p.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="messages, translated, missing and fuzzy per language")
    check.add_argument("--json", action="store_true", help="one JSON object")
    sub.add_parser("extract", help="write game.pot from the source and update every .po")
    args = p.parse_args(argv)
    if args.command == "extract":
        counts = extract()
        print(", ".join(f"{k}: {v}" for k, v in counts.items()))
        counts = extract(domain=tutorial.DOMAIN, template=tutorial.extract_template(), path_of=tutorial.po_path)
        print(f"{tutorial.DOMAIN}: " + ", ".join(f"{k}: {v}" for k, v in counts.items()))
        return 0
    report = catalogue_report()
    more = catalogue_report(template=tutorial.extract_template(), path_of=tutorial.po_path)
    for lang, r in report.items():       # each language's counts over both domains, each domain's too
        r["domains"] = {DOMAIN: dict(r), tutorial.DOMAIN: more[lang]}
        for k in ("messages", "translated", "missing", "fuzzy", "obsolete"):
            r[k] += more[lang][k]
        r["missing_messages"] = r["missing_messages"] + [f"{tutorial.DOMAIN}: {m}" for m in more[lang]["missing_messages"]]
        if more[lang].get("error"):
            r["error"] = "; ".join(x for x in (r.get("error"), more[lang]["error"]) if x)
    bad = any(r["missing"] or r.get("error") for r in report.values())
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
    else:
        for lang, r in report.items():
            print(f"{lang}: {r['messages']} messages, {r['translated']} translated, {r['missing']} missing, "
                  f"{r['fuzzy']} fuzzy" + (f", {r['obsolete']} obsolete" if r["obsolete"] else "")
                  + (f" ({r['error']})" if r.get("error") else ""))
            for msg in r["missing_messages"]:
                print(f"  missing: {msg!r}")
    return 1 if bad else 0
