"""The deployment pieces: the Pages workflow, the build, the manifest (no browser needed)."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from tools import build as site_build

ROOT = Path(__file__).resolve().parents[2]


def test_pages_workflow_tests_builds_and_deploys_with_the_official_actions():
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text("utf-8"))
    assert workflow[True]["push"]["branches"] == ["main"]  # YAML reads the key `on` as True
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    steps = workflow["jobs"]["build"]["steps"]
    uses = [s["uses"].split("@")[0] for s in steps if "uses" in s]
    assert uses == ["actions/checkout", "actions/configure-pages", "actions/upload-pages-artifact"]
    runs = " ".join(s.get("run", "") for s in steps)
    assert "bash scripts/test.sh" in runs and "tools/build.py" in runs
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-pages"))
    assert upload["with"]["path"] == "build/site"
    deploy = workflow["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert deploy["steps"][0]["uses"].startswith("actions/deploy-pages@")
    assert deploy["environment"]["name"] == "github-pages"


def test_manifest_is_relative_and_starts_at_the_game():
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text("utf-8"))
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"  # never the gift card
    for icon in manifest["icons"]:
        assert icon["src"].startswith("./") and (ROOT / icon["src"]).is_file()


def test_the_site_lists_only_runtime_files():
    files = site_build.site_files()
    assert Path("index.html") in files and Path("magdagdon/web/main.py") in files
    assert not any(p.parts[0] in ("tests", "tools", "node_modules", "bench") for p in files)


def test_the_release_changes_exactly_when_a_file_does(tmp_path):
    files = site_build.site_files()
    first = site_build.release_of(files)
    assert site_build.release_of(files) == first
    copy = tmp_path / "site"
    archived = [p.relative_to(ROOT) for g in site_build.ARCHIVED for p in ROOT.glob(g)]
    for path in [*files, *archived, Path("sw.template.js")]:
        (copy / path).parent.mkdir(parents=True, exist_ok=True)
        (copy / path).write_bytes((ROOT / path).read_bytes())
    assert site_build.release_of(files, copy) == first
    (copy / "static" / "css" / "game.css").write_text("/* changed */", "utf-8")
    second = site_build.release_of(files, copy)
    assert second != first
    (copy / "magdagdon" / "rules.py").write_text("# changed", "utf-8")  # inside the archive
    assert site_build.release_of(files, copy) not in (first, second)


def test_the_built_config_loads_python_and_catalogues_from_one_archive(tmp_path):
    import io
    import tomllib
    import zipfile

    site_build.build(out=tmp_path)
    config = tomllib.loads((tmp_path / "pyscript.toml").read_text("utf-8"))
    source = tomllib.loads((ROOT / "pyscript.toml").read_text("utf-8"))
    assert config["files"] == {"./static/magdagdon.zip": "./*"}
    assert {k: v for k, v in config.items() if k != "files"} == {
        k: v for k, v in source.items() if k != "files"
    }
    archive = (tmp_path / "static" / "magdagdon.zip").read_bytes()
    names = set(zipfile.ZipFile(io.BytesIO(archive)).namelist())
    assert names == {target.removeprefix("./") for target in source["files"].values()} | {
        "magdagdon/web/main.py"
    }
    assert site_build.archive() == archive  # the same sources make the same bytes
