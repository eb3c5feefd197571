"""The human-readable block ``planbot eval`` prints for one gold file (figures from devtools.evaluation)."""

from devtools.evaluation import EvalReport, ItemScore

CHECK_LABELS = {
    "goals_ok": "goals",
    "tools_ok": "tools",
    "deps_ok": "dependencies",
    "args_ok": "arguments",
    "placeholders_ok": "placeholders",
    "meta_ok": "meta type (not in plan)",
    "writes_ok": "write steps",
}
LABEL_WIDTH = 26


def format_report(report: EvalReport, file_name: str, show_failures: int = 0) -> str:
    """One block for one file: check rates, in/out-of-scope figures, plan correctness, failures."""
    lines = [f"== {file_name}: {report.n} items, {report.missing} without a prediction"]
    lines += _check_lines(report)
    lines.append(_figure("in-scope accuracy", report.in_scope_acc, report.in_scope))
    lines.append(_figure("out-of-scope rejection", report.rejection, report.out_of_scope))
    lines.append(_figure("plan correctness", report.rates.get("plan_ok"), None))
    lines += _failure_lines(report.failures, show_failures)
    return "\n".join(lines)


def _check_lines(report: EvalReport) -> list[str]:
    return [
        _figure(CHECK_LABELS.get(name, name), rate, None) for name, rate in report.rates.items() if name != "plan_ok"
    ]


def _figure(label: str, rate: float | None, items: int | None) -> str:
    value = "n/a" if rate is None else f"{rate:.4f}"
    suffix = "" if items is None else f"  ({items} items)"
    return f"  {label:<{LABEL_WIDTH}}{value}{suffix}"


def _failure_lines(failures: tuple[ItemScore, ...], limit: int) -> list[str]:
    if not failures:
        return ["  no failures"]
    shown = failures[: max(limit, 0)]
    header = f"  failures: {len(failures)}" + (f" (first {len(shown)} shown)" if shown else "")
    return [header] + [line for failure in shown for line in _describe_failure(failure)]


def _describe_failure(failure: ItemScore) -> list[str]:
    failed = ", ".join(name for name, ok in failure.checks().items() if not ok)
    lines = [f"  - {failure.item_id} {failure.text!r}  [failed: {failed}]"]
    return lines + [f"      {reason}" for reason in failure.reasons]
