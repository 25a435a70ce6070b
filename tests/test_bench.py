"""The benchmark script runs and reports every column (no timing is asserted)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from scripts.bench import main, timed

from tests.external import require


@pytest.mark.slow
def test_bench_json_rows(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--sizes", "30,60", "--json"])
    rows = json.loads(capsys.readouterr().out)
    assert [row["size"] for row in rows] == [30, 60]
    for row in rows:
        assert {
            "size",
            "facts",
            "load_s",
            "engine_s",
            "query_s",
            "networkx_s",
            "sparql_s",
            "owlrl_s",
        } <= set(row)
        assert row["facts"] >= row["size"]
        assert row["owlrl_s"] is not None


def test_bench_text_and_peers_off(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--sizes", "20", "--no-peers"])
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[:3] == ["size", "facts", "load"]
    assert "skipped" in out


def test_bench_cpu_time_leaves_out_waiting(capsys: pytest.CaptureFixture[str]) -> None:
    wall, _ = timed(lambda: time.sleep(0.2))

    def sleep_then_seven() -> int:
        time.sleep(0.2)
        return 7

    cpu, value = timed(sleep_then_seven, cpu=True)
    assert wall >= 0.2
    assert cpu < 0.1  # a sleeping process uses no CPU
    assert value == 7
    main(["--sizes", "20", "--no-peers", "--cpu", "--json"])
    (row,) = json.loads(capsys.readouterr().out)
    assert row["size"] == 20
    assert row["engine_s"] >= 0
    assert row["networkx_s"] is None


def test_bench_rejects_bad_sizes() -> None:
    with pytest.raises(SystemExit):
        main(["--sizes", "ten"])


@pytest.mark.slow
def test_bench_conversions_rows(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--conversions", "--json"])
    rows = json.loads(capsys.readouterr().out)
    assert [row["conversion"] for row in rows][:2] == ["zCoDP → (ε, δ)-DP", "ε-DP → zCoDP"]
    for row in rows:
        assert {"query_s", "command_s", "python_s", "relate_s", "opendp_s"} <= set(row)


@pytest.mark.slow
def test_bench_commands_reports_every_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--commands", "--rounds", "1", "--only", "show,validate", "--json"])
    rows = json.loads(capsys.readouterr().out)
    assert [row["command"] for row in rows] == ["show", "validate"]
    for row in rows:
        assert row["ratio"] == pytest.approx(row["seconds"] / row["baseline_s"], rel=0.01)
        assert isinstance(row["within_target"], bool)
    assert rows[0]["target"] == 6.0  # issue 24: query commands within 6×, relate and convert 8×
    assert rows[1]["target"] is None


@pytest.mark.slow
def test_bench_instructions_counts_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    require("valgrind")
    main(["--instructions", "--only", "show", "--json"])
    rows = json.loads(capsys.readouterr().out)
    assert [row[0] for row in rows] == ["python -c pass", "show"]
    (_, base, one), (_, count, ratio) = rows
    assert one == 1.0
    assert count > base > 1_000_000
    assert ratio == pytest.approx(count / base)


def test_bench_commands_rejects_unknown_names() -> None:
    with pytest.raises(SystemExit, match="--only takes show, list"):
        main(["--commands", "--only", "fly"])


def test_record_appends_a_run_and_rewrites_the_page(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import scripts.bench_page as page

    history, written = tmp_path / "history.json", tmp_path / "performance.md"
    history.write_text(page.HISTORY.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(page, "HISTORY", history)
    monkeypatch.setattr(page, "PAGE", written)
    before = len(page.read_history(history))
    main(["--sizes", "20", "--no-peers", "--record"])
    capsys.readouterr()
    runs = page.read_history(history)
    assert len(runs) == before + 1
    (last,) = runs[before:]
    assert last["kind"] == "sizes"
    assert [row["size"] for row in last["rows"]] == [20]
    text = written.read_text(encoding="utf-8")
    assert text == page.page_markdown(runs)
    assert f"**{last['date']}**" in text
    assert "| 20 | " in text


def test_record_refuses_an_unknown_kind() -> None:
    from scripts.bench_page import record

    with pytest.raises(ValueError, match="unknown kind 'speed'; the kinds: commands, "):
        record("speed", [])
