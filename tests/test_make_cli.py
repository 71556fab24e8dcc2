"""`make cli` puts `caravan` on the PATH the way pipx and `uv tool` do: a link in ~/.local/bin."""

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_make_cli_links_caravan_into_local_bin(tmp_path):
    env = {**os.environ, "HOME": str(tmp_path), "PATH": f"{tmp_path / '.local' / 'bin'}:{os.environ['PATH']}"}
    out = subprocess.run(["make", "-s", "cli", f"HOME={tmp_path}"], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    link = tmp_path / ".local" / "bin" / "caravan"
    assert link.is_symlink() and link.resolve() == (ROOT / ".venv" / "bin" / "caravan").resolve()
    assert "is on your PATH" in out.stdout
    ran = subprocess.run(["caravan", "--help"], env=env, capture_output=True, text=True, timeout=60)
    assert ran.returncode == 0 and "caravan" in ran.stdout
