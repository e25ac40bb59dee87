"""Made-up claims, true and false, for both offline verifiers: right answers, and the claims each
gets wrong. A sanity check of slot alignment, not a benchmark: the cases were written while
building it.

* ``coordinated`` (the default, ``tests/data/coordinated_pairs.jsonl``): sentences that list values
  in parts (two plans' prices, two summits, ticket prices, opening hours, attendance by year, revenue
  and profit, a hotel's rooms and pools, hours of sleep by age, a company's moves, two people's ages:
  :mod:`faithcheck._pipeline.verify.conjuncts`).
* ``everyday`` (``tests/data/everyday_pairs.jsonl``): what a user checks first in policies, leaflets,
  results, timetables, recipes, price lists and match reports (two studies "respectively", lettered
  names, lengths of time in two units, measures of two things, a part of a whole, one end of a
  change, two plans, a bracket about someone else, who did what, appositions, casts, places set off
  by commas, titles, ranges and inches, ranks of another name, names between the same words,
  partners after "with the", years before a word in -s, names of one family, names spelt two ways,
  a name and the noun after it, where or when one thing is, times of day, capitals and superlatives,
  opening hours after a pronoun, measures of something else, refunds denied beside the quoted sentence,
  returns refused after a bound, before and after, none of what a claim counts, values changed,
  groups spoken of apart, "one" of a noun, storage and masses in another unit, totals, a part's own
  date, subjects of more words, "No. 1", names in object places, a number of "its" area or division,
  dates of a life and a life's brackets, a title's year in a list, a character and who plays it,
  spans given roughly, a later part with a verb of its own, measures in another unit, what a name is
  said to be and of whom, what a negation negates, "not only ... but also", miles written "mi",
  who wrote, directed or starred, names with initials, editions of a named thing, counts bounded
  past their number, rates per another time, variants of a thing, what a context says of all but
  one or of all, clauses of their own subject, succession the other way round, who retired or
  said it, what a speaker recalls, roles and who plays them, results said by their converse, values
  told by the opposite words beside them, a measure's dimension, free against a price, opposites by
  a prefix, "only" against a list, what a negated sentence takes out, hedges such as "largely",
  "all", "most" or "half" of a group against a share, technical documentation, rival words such as
  "nightly" and "weekly", languages, who holds a post of what, names after "for", a name inside a
  longer word, acronyms, products compared, leaflets, long policy passages, news summaries, market
  news with words of change, sentences naming others, dates in two months, days of the month as
  ordinals, spans of dates, values changed from one to another, rates per another time, counts
  past a round bound, limits, contrasts of two names, lists of numbers sharing a noun, names listed
  before a verb, "US" and label letters, attributes of two things swapped, clauses of one sentence,
  comparisons of two named things, opening hours and times of a day, kinds qualified the other way,
  plans and policies, lists whose last part gives no number, a thing qualified by a word of its own
  ("Its sister company"), subjects written with a hyphen, the words before a name that say what it
  is, pronouns past an opening phrase, "free" in one part and a price in another, codes such as
  flight numbers, all of a kind said of some, company results, flights, doses, recipes, remote-work
  rules and treaties, rates held steady or changed, all of a kind and a narrower one, roles the other
  way round, "twice" and "one" as counts, release notes, API limits, contracts, trials, visas, rents,
  course prerequisites, match reports, hotels, floods, car sales, libraries, laws, shipping, vaccines,
  password resets, remote-work rules, laptops, votes, refunds, wages, versions, shares and speed
  limits, a rival named after "its", exceptions of a negated sentence, what is said instead, refusals,
  "everyone" against a narrowed group, "most" against "some", values risen to, units of area, times
  of day, "a week later", clauses about another name, versions bounded "or later", aircraft
  variants, appositions, elections, biographies, nutrition lists, numbers by the opposite word,
  values compared, rates a later part leaves out, "one" brought or taken, "It" for a numbered name,
  pronouns with a name beside them, relative clauses, "the only", "-free", "only" against two things listed, "all"
  against a narrowed kind, gyms, baggage, admissions, recalls, rovers, museums, mortgages, films,
  tax, phone plans, tenancies, trains, steps, Python releases, vaccines, deliveries, hotels,
  contracts, matches, trials, insurance, weather, benefits and transfers, parts that leave words
  out, "percentage points", old values after "down from", whom a part is for, "all year" against
  when, the one replaced, names in another clause, "a small number", ranges of ages, times with
  minutes, numbered names such as "Category 3", medicines, fares, plans, elections, deliveries,
  phones and hurricanes, models of one family such as "iPhone 15" and "iPhone 15 Pro", alternatives
  after ", or", "the last at 11:30 pm", ranks after "were", amounts in pence, mortgages, baggage,
  tariffs, timetables, admissions, hypertension, battles, planets, tax returns, gyms, rulings,
  mountains, plans, painkillers, trains, quarterly results, flights, hotels, elections, versions,
  cars, visiting hours, parking, museums and airports, amounts in words such as "a third" and "every
  3 miles", what is free for one group and priced for another, parts counted after ", including",
  savings, returns, insurance, fares, term dates, doses, exercise, vaccines, protein, API limits,
  releases, backups, laptops, leave, childcare, tenancies, deadlines, results, history, mountains,
  rivers, prizes, boiling points, matches, tennis, marathons, medal tables, baking, pets, car hire,
  conferences, televisions, elections, interest rates, bridges, bin collections, blood donation,
  nutrition labels, warranties and tickets, values listed after one of their unit ("at 11 am and 2
  pm"), names of the form "X of Y", temperatures written "40C", "It" for a thing, tiers and plans
  with capitalised labels, exceptions naming a thing, "only" through a relative clause, "unless",
  opposites after a list's first member, passports, driving tests, museums, streaming plans,
  broadband, the Eiffel Tower, ibuprofen, cats, a match report, PostgreSQL releases, Hastings,
  company results, the GDPR, a survey, refunds, Kilimanjaro, cars, aspirin, libraries, chief
  executives, visas, phones, a heatwave, API limits, server defaults, Jane Austen, rivers, holiday
  rules, ferries, vitamin D, Messi, an acquisition, a clinic, Apollo 13, metformin, a bridge closure
  and memberships, alternatives with their own condition ("or 45 pounds a month with no contract"),
  usual and original prices, subjects opening a sentence or a clause ("Paracetamol can be taken"),
  relative clauses, names before a passive verb, letters inside names ("Galaxy Z Fold"), bus fares,
  course fees, deliveries, vaccinations, expense limits, opening hours, Tesla, game consoles,
  medicines, plans and cookies, dates in another month of one year, ranks whose word a list leaves
  out ("and the second in Dublin"), subjects whose change a sentence turns the other way, subjects
  said of another, console variants, a museum, films, exams, company results, freight, blood
  pressure medicines, tenants, rabbits, shares and a bill; a subject's place given otherwise, names a
sentence's clauses pair otherwise, a sentence word for word of another of a kind, the other end of a
life, a pronoun before the claim's subject is named, a museum, transfers, a film's cast, fares,
rivers, factories, vitamins, a band, tennis and medicines; a life's places, a family's other members,
a place within another, relative clauses, durations in two units, opposite phrases, opening hours,
plans, a vaccine, a hurricane, trains, deliveries, penicillin, a bill and a recipe); its last
contexts hold claims still wrong.

    python benchmarks/coordinated.py [--pairs everyday] [--new-since REV]

``--new-since REV`` counts only the claims the file did not hold at the git revision ``REV`` (a
session's new made-up claims: ``--pairs everyday --new-since e0ee4a5``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path

from faithcheck import Faithfulness

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
PAIRS = {"coordinated": DATA / "coordinated_pairs.jsonl", "everyday": DATA / "everyday_pairs.jsonl"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", choices=sorted(PAIRS), default="coordinated", help="which made-up claims")
    parser.add_argument("--new-since", metavar="REV", help="only the claims the file did not hold at this git revision")
    args = parser.parse_args(argv)
    path = PAIRS[args.pairs]
    rows = _rows(path.read_text(encoding="utf-8"))
    if args.new_since:
        relative = path.relative_to(path.parents[2]).as_posix()
        shown = subprocess.run(
            ["git", "show", f"{args.new_since}:{relative}"], cwd=path.parents[2], capture_output=True, text=True
        )
        if shown.returncode != 0:
            parser.error(f"--new-since {args.new_since}: {shown.stderr.strip()}")
        rows = new_rows(rows, _rows(shown.stdout))
    wrong: dict[str, list[str]] = {}
    print("| verifier | right |")
    print("|---|---:|")
    for verifier in ("baseline", "model"):
        metric = Faithfulness(verifier=verifier)  # type: ignore[arg-type]
        verdicts = [metric.check_claims([r["claim"]], [r["context"]])[0] for r in rows]
        wrong[verifier] = [r["claim"] for r, v in zip(rows, verdicts, strict=True) if v.supported != r["supported"]]
        print(f"| {verifier} | {len(rows) - len(wrong[verifier])}/{len(rows)} |")
    for verifier, claims in wrong.items():
        print(f"\n{verifier}, wrong:" + "".join(f"\n  {claim}" for claim in claims))
    return 0


def _rows(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def new_rows(rows: list[dict[str, object]], before: list[dict[str, object]]) -> list[dict[str, object]]:
    """The ``rows`` whose context and claim ``before`` does not hold, in their order."""
    held = {(r["context"], r["claim"]) for r in before}
    return [r for r in rows if (r["context"], r["claim"]) not in held]


if __name__ == "__main__":
    raise SystemExit(main())
