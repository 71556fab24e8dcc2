"""The README and docs/ say only what is so: every `caravan …` command in a fenced block parses as the CLI
parses it (Typer's click commands, `make_context`, nothing run, no server), every `caravan …` in running text
names commands and flags that exist, every `make TARGET` is a target of the Makefile, every setting the code
reads from the environment is documented, and every relative link leads to a file (and heading) that exists."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import typer

from cli.main import app

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
ROOT_COMMAND = typer.main.get_command(app)  # Typer's click command (Typer may carry its own copy of click)
FENCE = re.compile(r"^\s*```")
INLINE = re.compile(r"`((?:\.venv/bin/)?caravan(?: [^`]*)?)`")
SEPARATORS = {";", "&&", "||", "|", "&", "(", ")"}
SHELL_WORDS = {"while", "until", "do", "done", "if", "then", "else", "fi"}


def split_text(path: Path) -> tuple[list[str], str]:
    """(the command lines of the file's fenced blocks, continuations joined; its text outside them)"""
    lines, prose, inside, held = [], [], False, ""
    for line in path.read_text().splitlines():
        if FENCE.match(line):
            inside = not inside
            continue
        if not inside:
            prose.append(line)
            continue
        held += line.strip()
        if held.endswith("\\"):
            held = held[:-1] + " "
            continue
        lines.append(held)
        held = ""
    return lines, "\n".join(prose)


def commands(line: str) -> list[list[str]]:
    """The simple commands of a shell line (split at ; && | …, comments dropped, shell keywords skipped)."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    out, current = [], []
    for token in lexer:
        if token in SEPARATORS:
            out.append(current)
            current = []
        elif not current and token in SHELL_WORDS:
            continue
        else:
            current.append(token)
    return [c for c in [*out, current] if c]


def is_caravan(word: str) -> bool:
    return word == "caravan" or word.endswith("/caravan")


def documented() -> list[tuple[str, str, list[str]]]:
    """(where, how, args after `caravan`): how is 'block' for a fenced command, 'text' for running text."""
    found = []
    for path in DOCS:
        lines, prose = split_text(path)
        for line in lines:
            for c in commands(line):
                if is_caravan(c[0]):
                    found.append((f"{path.name}: {line}", "block", c[1:]))
        for span in INLINE.findall(prose):
            try:
                words = shlex.split(span)
            except ValueError:
                words = span.split()
            ellipsis = [i for i, w in enumerate(words) if w in ("…", "...")]  # "and the rest": not checked
            found.append((f"{path.name}: `{span}`", "text", words[1:ellipsis[0] if ellipsis else None]))
    return found


def is_group(command) -> bool:
    return hasattr(command, "commands")


def options(command) -> list:
    return [p for p in command.params if p.param_type_name == "option"]


def option_names(command) -> set[str]:
    return {name for p in options(command) for name in (*p.opts, *p.secondary_opts)} | {"--help"}


def takes_value(command, flag: str) -> bool:
    return any(flag in (*p.opts, *p.secondary_opts) and not (p.is_flag or p.count) for p in options(command))


def resolve(args: list[str]) -> tuple[object, list[str], str]:
    """(the command `caravan ARGS` names, the args left for it, the args consumed by its groups, its name).
    A group's options are read as click reads them; an unknown option or command is an AssertionError."""
    command, name, i = ROOT_COMMAND, "caravan", 0
    while is_group(command):
        start = i
        while i < len(args) and args[i].startswith("-"):
            flag = args[i].split("=", 1)[0]
            assert flag in option_names(command), f"`{name}` has no option {flag}"
            i += 2 if takes_value(command, flag) and "=" not in args[i] else 1
        if i >= len(args):
            return command, [], name
        sub = command.commands.get(args[i])
        assert sub is not None, f"`{name}` has no command {args[i]!r}"
        group_args = args[start:i]
        if group_args:  # the group's own options, parsed (their callbacks check their values)
            command.make_context(name, [*group_args, args[i]])
        command, name, i = sub, f"{name} {args[i]}", i + 1
    return command, args[i:], name


DOCUMENTED = documented()


def test_the_docs_name_caravan_commands():
    """The extraction finds what it checks: the README's first game and the CLI reference's verbs."""
    blocks = [args for _, how, args in DOCUMENTED if how == "block"]
    assert ["game", "new", "yangtze", "--player", "@ann", "--player", "bob:ai-greedy"] in blocks
    assert ["signup", "ann"] in blocks  # (the first game starts with an account)
    assert len(blocks) >= 60, len(blocks)
    assert {"game", "tournament", "play", "verify", "analyse"} <= {args[0] for args in blocks if args}


@pytest.mark.parametrize("where, args", [(w, a) for w, how, a in DOCUMENTED if how == "block"])
def test_a_command_in_a_block_parses(where, args):
    """As the CLI would read it: the command exists, its options exist and take the values given, its
    required arguments are there. Nothing is run."""
    try:
        command, rest, name = resolve(args)
        if not is_group(command):
            command.make_context(name, list(rest))
    except AssertionError as e:
        pytest.fail(f"{where}\n  {e}")
    except Exception as e:  # click's usage errors (NoSuchOption, BadParameter, MissingParameter, …)
        pytest.fail(f"{where}\n  does not parse: {e.format_message() if hasattr(e, 'format_message') else e!r}")


@pytest.mark.parametrize("where, args", [(w, a) for w, how, a in DOCUMENTED if how == "text"])
def test_a_command_in_the_text_exists(where, args):
    """Running text may leave out arguments (`caravan play`), but every command and flag it names exists."""
    try:
        command, rest, name = resolve(args)
    except AssertionError as e:
        pytest.fail(f"{where}\n  {e}")
    for word in rest:
        if word.startswith("-") and word != "-":
            flag = word.split("=", 1)[0]
            assert flag in option_names(command), f"{where}\n  `{name}` has no option {flag}"


def make_targets() -> set[str]:
    return set(re.findall(r"^([A-Za-z][\w-]*):", (ROOT / "Makefile").read_text(), flags=re.M))


def named_make_targets() -> list[tuple[str, str]]:
    found = []
    for path in DOCS:
        lines, prose = split_text(path)
        named = [c for line in lines for c in commands(line) if c[0] == "make"]
        named += [span.split() for span in re.findall(r"`(make(?: [^`]*)?)`", prose)]
        found += [(f"{path.name}: {' '.join(c)}", word) for c in named for word in c[1:] if "=" not in word]
    return found


def test_every_make_target_named_exists():
    targets = make_targets()
    named = named_make_targets()
    assert {"up", "test"} <= {t for _, t in named}
    missing = [where for where, target in named if target not in targets]
    assert not missing, f"make targets the docs name but the Makefile lacks: {missing}"


def settings_read() -> set[str]:
    """Every environment variable the service, the CLI and the games read by name."""
    names = set()
    for folder in ("service", "cli", "games", "ai", "projections", "events"):
        for source in (ROOT / folder).rglob("*.py"):
            names |= set(re.findall(r"""["'](CARAVAN_[A-Z_]+|REDIS_URL)["']""", source.read_text()))
    return names


def test_every_setting_is_documented():
    text = "\n".join(p.read_text() for p in DOCS)
    names = settings_read()
    assert {"REDIS_URL", "CARAVAN_DATA", "CARAVAN_URL", "CARAVAN_AI_MAX_BUDGET"} <= names
    missing = sorted(n for n in names if not re.search(rf"\b{n}\b", text))
    assert not missing, (f"read from the environment but in neither README.md nor docs/: {missing} (a bound a client "
                         f"meets goes in docs/limits.md, another setting in docs/operating.md's table)")


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return text.replace(" ", "-")


def test_every_relative_link_leads_somewhere():
    broken = []
    for path in DOCS:
        for target, anchor in re.findall(r"\]\(([^)#\s]*)(#[^)\s]*)?\)", path.read_text()):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            file = (path.parent / target).resolve() if target else path
            if not file.exists():
                broken.append(f"{path.name}: {target}")
            elif anchor and file.suffix == ".md":
                headings = re.findall(r"^#+ (.+)$", file.read_text(), flags=re.M)
                if anchor[1:] not in {slug(h) for h in headings}:
                    broken.append(f"{path.name}: {target}{anchor}")
    assert not broken, f"links that lead nowhere: {broken}"


def app_routes() -> tuple[dict[tuple[str, str], set[str]], set[str]]:
    """({(METHOD, path): its documented error statuses} from the OpenAPI document, every route's path), paths
    with their parameters written `{}`."""
    from service.app import create_app
    from service.settings import Settings

    nowhere = "redis://127.0.0.1:1"  # the app is built, never started: nothing connects
    app = create_app(Settings(redis_url=nowhere, queue_url=nowhere, arbiter_token="docs", queue="docs"))
    for hook in app.on_startup:  # the document as /schema serves it (service/exact_schema.py adjusts it on start)
        hook(app)
    errors = {(method.upper(), shape(path)): {code for code in op.get("responses", {}) if not code.startswith("2")}
              for path, item in app.openapi_schema.to_schema()["paths"].items()
              for method, op in item.items() if isinstance(op, dict) and "responses" in op}
    return errors, {shape(route.path) for route in app.routes}


def shape(path: str) -> str:
    return re.sub(r"\{[^}]*\}", "{}", path.split("?", 1)[0])


def edge_statuses() -> set[str]:
    """The statuses api.md says the API's edge answers on any route (its table after "The API's edge")."""
    text = (ROOT / "docs/api.md").read_text().split("The API's edge", 1)[1].split("\n\n", 2)[1]
    return set(re.findall(r"^\| (\d{3}) \|", text, flags=re.M))


def test_every_route_named_exists_and_api_md_lists_its_errors():
    """`GET /games/{id}/…` anywhere in the docs is a route of the app; api.md's table of routes gives each
    route's error statuses as the OpenAPI document (`/schema`) declares them: none it cannot send, and every
    one but those api.md lists for the API's edge (408, 429: any request whose body is slow)."""
    errors, paths = app_routes()
    named = {(path.name, m, shape(p)) for path in DOCS
             for m, p in re.findall(r"`(GET|POST|PUT|DELETE) (/[^`\s]*)", path.read_text())}
    assert len(named) >= 30, len(named)
    unknown = sorted(f"{where}: {m} {p}" for where, m, p in named if (m, p) not in errors and p not in paths)
    assert not unknown, f"routes the docs name that the app lacks: {unknown}"
    table = re.findall(r"^\| `(GET|POST|DELETE) (/[^`]*)` \|.*\| ([\d, –-]+) \|$", (ROOT / "docs/api.md").read_text(), flags=re.M)
    assert len(table) >= 30, len(table)
    edge = edge_statuses()
    assert {"408", "429"} <= edge, edge
    wrong = [f"{m} {p}: api.md says {listed.strip()}, /schema says {', '.join(sorted(errors[m, shape(p)]))}"
             for m, p, listed in table if (m, shape(p)) in errors
             and not set(re.findall(r"\d{3}", listed)) <= errors[m, shape(p)] <= set(re.findall(r"\d{3}", listed)) | edge]
    assert not wrong, "docs/api.md's error statuses differ from the schema's:\n" + "\n".join(wrong)
    listed = {(m, shape(p)) for m, p, _ in table}
    missing = sorted(f"{m} {p}" for m, p in errors if (m, p) not in listed and not p.startswith("/schema"))
    assert not missing, f"routes of the schema missing from docs/api.md's table: {missing}"
