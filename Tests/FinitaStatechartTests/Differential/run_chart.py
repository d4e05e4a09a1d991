"""Runs an SCXML document with python-statemachine and prints the atomic configuration.

Input on stdin (JSON): {"document": "<path>", "runs": [["event", ...], ...]}.
Output on stdout (JSON): per run, the configurations after start and after each event, each
a sorted list of atomic state ids; or {"error": "..."} when the library cannot load the chart.
"""

import json
import sys

from statemachine.io import load


def atomic(machine):
    states = list(machine.configuration)
    ids = {s.id for s in states}
    parents = set()
    for s in states:
        parent = getattr(s, "parent", None)
        if parent is not None:
            parents.add(parent.id)
    return sorted(i for i in ids if i not in parents)


def main():
    request = json.load(sys.stdin)
    try:
        chart = load(request["document"])
    except Exception as error:  # the library does not support the document
        print(json.dumps({"error": f"{type(error).__name__}: {error}"}))
        return
    results = []
    for events in request["runs"]:
        try:
            machine = chart()
            steps = [atomic(machine)]
            for event in events:
                machine.send(event)
                steps.append(atomic(machine))
            results.append(steps)
        except Exception as error:
            results.append({"error": f"{type(error).__name__}: {error}"})
    print(json.dumps({"runs": results}))


main()
