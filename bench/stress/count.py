#!/usr/bin/env python3
"""Counts the failed scenarios or tests of one run for bench/stress.sh.

  count.py ferridriver REPORT.ndjson EXPECTED   a ferridriver run's Cucumber Messages
  count.py playwright REPORT.json EXPECTED      a Playwright run's JSON report

Prints `FAILED TOTAL` on the first line, then one line per failure: `NAME<TAB>FIRST ERROR LINE`.
A missing or unreadable report (the run crashed, hung, or never started) counts as EXPECTED
failures, one line saying so."""
import json
import re
import sys

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def first_line(text):
    for line in ANSI.sub("", text or "").splitlines():
        if line.strip():
            return line.strip()
    return "(no message)"


def ferridriver(path):
    pickles, cases, started, steps, failed = {}, {}, {}, {}, {}
    finished, total, run_error = set(), 0, None
    with open(path) as report:
        for line in report:
            if not line.strip():
                continue
            message = json.loads(line)
            if "pickle" in message:
                p = message["pickle"]
                pickles[p["id"]] = (f'{p["uri"]}:{p["location"]["line"]} {p["name"]}', {s["id"]: s["text"] for s in p["steps"]})
            elif "testCase" in message:
                c = message["testCase"]
                cases[c["id"]] = c["pickleId"]
                for step in c["testSteps"]:
                    steps[step["id"]] = step.get("pickleStepId")
            elif "testCaseStarted" in message:
                s = message["testCaseStarted"]
                started[s["id"]] = s["testCaseId"]
            elif "testStepFinished" in message:
                f = message["testStepFinished"]
                result = f["testStepResult"]
                if result["status"] not in ("PASSED", "SKIPPED") and f["testCaseStartedId"] not in failed:
                    name, texts = pickles[cases[started[f["testCaseStartedId"]]]]
                    step = texts.get(steps.get(f["testStepId"]), "a hook")
                    failed[f["testCaseStartedId"]] = f'{name}\t{result["status"]} at "{step}": {first_line(result.get("message"))}'
            elif "testCaseFinished" in message:
                f = message["testCaseFinished"]
                if not f.get("willBeRetried"):
                    finished.add(f["testCaseStartedId"])
                    total += 1
            elif "testRunFinished" in message:
                exception = message["testRunFinished"].get("exception")
                if exception:
                    run_error = first_line(exception.get("message") or exception.get("type"))
    failures = [failed[i] for i in finished if i in failed]
    unfinished = len(pickles) - total
    if unfinished > 0:
        failures.append(f"{unfinished} scenarios\tnever finished")
    if run_error:
        failures.append(f"the run\t{run_error}")
    return len([i for i in finished if i in failed]) + max(unfinished, 0), len(pickles), failures


def playwright(path):
    with open(path) as report:
        data = json.load(report)
    total, failures = 0, []

    def walk(suite, titles):
        nonlocal total
        for spec in suite.get("specs", []):
            for test in spec["tests"]:
                total += 1
                if test["status"] in ("expected", "skipped", "flaky"):
                    continue
                results = test.get("results") or [{}]
                errors = results[-1].get("errors") or [results[-1].get("error") or {}]
                status = results[-1].get("status", test["status"])
                name = " › ".join(titles + [spec["title"]])
                failures.append(f'{spec["file"]}:{spec["line"]} {name}\t{status}: {first_line(errors[0].get("message"))}')
        for child in suite.get("suites", []):
            walk(child, titles + [child["title"]])

    for suite in data.get("suites", []):
        walk(suite, [])
    for error in data.get("errors", []):
        failures.append(f"the run\t{first_line(error.get('message'))}")
    return len([f for f in failures if not f.startswith("the run\t")]), total, failures


def main():
    kind, path, expected = sys.argv[1], sys.argv[2], int(sys.argv[3])
    try:
        failed, total, failures = (ferridriver if kind == "ferridriver" else playwright)(path)
        if total == 0 and expected:
            raise ValueError("no scenarios in the report")
    except (OSError, ValueError, KeyError) as error:
        failed, total, failures = expected, expected, [f"the whole run\tno usable report ({error})"]
    print(failed, total)
    for line in failures:
        print(line)


main()
