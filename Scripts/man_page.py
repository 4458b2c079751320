#!/usr/bin/env python3
"""Writes planner's man page (man(7) roff) from `planner --experimental-dump-help`.

Usage: Scripts/man_page.py PLANNER_BINARY DATE > planner.1

argument-parser's generate-manual plugin drops every non-ASCII character ("0.5 ≈ 55.6 km" became "0.5  55.6 km")
and has no place for the environment or the exit codes. This page keeps the text as written: each non-ASCII
character is written as roff's \\[uXXXX] escape, which groff and mandoc render with or without a UTF-8 locale. The
ENVIRONMENT and EXIT STATUS sections come from the blocks of the same names in the root command's discussion, so
`planner --help` and the page say the same (PlannerCommand.discussion). Python's standard library only.
"""

import json
import re
import subprocess
import sys

SECTIONS = ("ENVIRONMENT", "EXIT STATUS")


def roff_text(text: str) -> str:
    """Text for a roff line: backslashes escaped, non-ASCII as \\[uXXXX], and a line that would read as a request
    (a leading dot or apostrophe) guarded with \\&."""
    out = []
    for character in text.replace("\\", "\\e"):
        code = ord(character)
        if code < 128:
            out.append(character)
        elif code <= 0xFFFF:
            out.append(f"\\[u{code:04X}]")
        else:
            out.append(f"\\[u{code:05X}]")
    line = "".join(out)
    return "\\&" + line if line[:1] in (".", "'") else line


def paragraphs(text: str) -> list[str]:
    """Roff lines for prose: each paragraph as one filled line, paragraphs apart; indented lines kept as they are."""
    lines = []
    for block in re.split(r"\n\s*\n", text.strip()):
        block_lines = block.split("\n")
        if any(line.startswith("  ") for line in block_lines):
            lines += [".nf"] + [roff_text(line) for line in block_lines] + [".fi"]
        else:
            lines.append(roff_text(" ".join(line.strip() for line in block_lines)))
        lines.append(".PP")
    return lines[:-1]


def split_discussion(discussion: str) -> tuple[str, dict[str, list[str]]]:
    """The prose before the first "HEADING:" block, and each block's indented lines by heading."""
    blocks: dict[str, list[str]] = {}
    prose: list[str] = []
    current = None
    for line in discussion.split("\n"):
        heading = line.strip().rstrip(":")
        if line.strip().endswith(":") and heading in SECTIONS:
            current = heading
            blocks[current] = []
        elif current is not None and (line.startswith(" ") or not line.strip()):
            blocks[current].append(line)
        else:
            current = None
            prose.append(line)
    return "\n".join(prose).strip(), blocks


def entries(lines: list[str]) -> list[tuple[str, str]]:
    """Name and text pairs from "  NAME  text" lines; a line indented deeper continues the entry before it."""
    pairs: list[tuple[str, str]] = []
    for line in lines:
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        body = line.strip()
        match = re.match(r"^(\S.*?)\s{2,}(\S.*)$", body)
        if pairs and (indent > 4 or match is None and not pairs[-1][1]):
            name, text = pairs[-1]
            pairs[-1] = (name, (text + " " + body).strip())
        elif match:
            pairs.append((match.group(1), match.group(2)))
        else:
            pairs.append((body, ""))
    return pairs


def option_lines(argument: dict) -> list[str]:
    names = argument.get("names") or []
    shown = []
    for name in names:
        prefix = {"long": "--", "short": "-", "longWithSingleDash": "-"}.get(name.get("kind"), "--")
        shown.append(f"\\fB{roff_text(prefix + name['name'])}\\fR")
    value = argument.get("valueName")
    kind = argument.get("kind")
    if kind == "positional":
        head = f"\\fI<{roff_text(value or argument.get('preferredName', {}).get('name', 'value'))}>\\fR"
    else:
        head = ", ".join(shown)
        if kind == "option" and value:
            head += f" \\fI<{roff_text(value)}>\\fR"
    text = argument.get("abstract") or ""
    if argument.get("discussion"):
        text += " " + argument["discussion"]
    if argument.get("defaultValue") not in (None, "", "false"):
        text += f" (default: {argument['defaultValue']})"
    return [".TP", head, roff_text(text.strip()) if text.strip() else ""]


def command_lines(command: dict, path: list[str]) -> list[str]:
    lines: list[str] = []
    name = " ".join(path)
    if len(path) > 1:
        lines += [f'.SS "{roff_text(name)}"']
        if command.get("abstract"):
            lines.append(roff_text(command["abstract"]))
        if command.get("discussion"):
            lines += [".PP"] + paragraphs(command["discussion"])
    arguments = [a for a in command.get("arguments") or [] if a.get("shouldDisplay", True)
                 and not (a.get("names") and any(n["name"] in ("help", "version") for n in a["names"]))]
    if arguments and len(path) > 1:
        lines += [".RS"]
        for argument in arguments:
            lines += option_lines(argument)
        lines += [".RE"]
    for sub in command.get("subcommands") or []:
        if sub.get("shouldDisplay", True) and sub.get("commandName") != "help":
            lines += command_lines(sub, path + [sub["commandName"]])
    return lines


def main() -> int:
    if len(sys.argv) != 3:
        print("usage: Scripts/man_page.py PLANNER_BINARY DATE", file=sys.stderr)
        return 64
    binary, date = sys.argv[1], sys.argv[2]
    dump = json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True, capture_output=True).stdout)
    root = dump["command"]
    version = subprocess.run([binary, "--version"], check=True, capture_output=True, text=True).stdout.strip()
    prose, blocks = split_discussion(root.get("discussion") or "")
    missing = [section for section in SECTIONS if not blocks.get(section)]
    if missing:
        print(f"planner: error: the root command's discussion has no {' or '.join(missing)} block", file=sys.stderr)
        return 1
    lines = [
        f'.TH PLANNER 1 "{date}" "planner {roff_text(version)}" "User Commands"',
        ".SH NAME",
        f"planner \\- {roff_text(root.get('abstract', ''))}",
        ".SH SYNOPSIS",
        ".B planner",
        "\\fIcommand\\fR [\\fIoptions\\fR]",
        ".SH DESCRIPTION",
        roff_text(root.get("abstract", "")),
    ]
    if prose:
        lines += [".PP"] + paragraphs(prose)
    lines += [".PP", "Run \\fBplanner \\fIcommand\\fB --help\\fR for a command's options.", ".SH COMMANDS"]
    lines += command_lines(root, ["planner"])
    lines.append(".SH ENVIRONMENT")
    for name, text in entries(blocks["ENVIRONMENT"]):
        lines += [".TP", f"\\fB{roff_text(name)}\\fR", roff_text(text)]
    lines.append(".SH EXIT STATUS")
    for code, text in entries(blocks["EXIT STATUS"]):
        lines += [".TP", f"\\fB{roff_text(code)}\\fR", roff_text(text)]
    lines += [".SH SEE ALSO", "The README and docs/ in planner's repository."]
    sys.stdout.write("\n".join(line for line in lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
