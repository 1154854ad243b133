#!/usr/bin/env python3
"""Replays fpdb's PHH exports in pokerkit and compares each player's result with fpdb's.

Usage: python3 tests/export/phh_replay.py DIR   (DIR holds *.phh files, for example written by
`FPDB_PHH_DIR=DIR cargo test -p fpdb-core --release --test export_formats`).

pokerkit replays each document (no rake: the room's rake stays in the winners' stacks). A hand
agrees when every player's stack after pokerkit's replay equals fpdb's `finishing_stacks`, except
that winners may hold more by exactly the rake (the starting stacks less the finishing stacks).
Prints the count per variant and the first disagreements; exits 1 when any document fails to
load or replay, 2 when results differ.
"""
import glob
import sys
from collections import Counter

from pokerkit import HandHistory

EPS = 1e-6


def replay(path):
    with open(path, 'rb') as f:
        hh = HandHistory.load(f)
    state = None
    for state, _ in hh.state_actions:
        pass
    return hh, [float(s) for s in state.stacks]


def main():
    files = sorted(glob.glob(sys.argv[1] + '/*.phh'))
    agree, differ, failed = Counter(), [], []
    for path in files:
        try:
            hh, stacks = replay(path)
        except Exception as e:  # a document pokerkit cannot replay
            failed.append(f'{path}: {type(e).__name__}: {e}')
            continue
        fin = [float(x) for x in hh.finishing_stacks]
        won = [float(x) for x in hh.winnings]
        rake = sum(float(x) for x in hh.starting_stacks) - sum(fin)
        d = [a - b for a, b in zip(stacks, fin)]
        ok = all(x > -EPS for x in d) and all(
            x < EPS or w > 0 for x, w in zip(d, won)) and abs(sum(d) - rake) < EPS
        if ok:
            agree[hh.variant] += 1
        else:
            differ.append(f'{path}: pokerkit {stacks} fpdb {fin} (rake {rake:.2f})')
    print(f'{len(files)} PHH documents: {sum(agree.values())} replay to fpdb\'s results '
          f'({dict(agree)}), {len(differ)} differ, {len(failed)} fail')
    for line in failed[:10] + differ[:10]:
        print('  ' + line)
    if failed:
        sys.exit(1)
    if differ:
        sys.exit(2)


if __name__ == '__main__':
    main()
