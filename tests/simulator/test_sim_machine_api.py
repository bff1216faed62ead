"""The simulator's `machine` accepts only the calls a real board accepts, for what the firmware uses.

Compared with micropython-stubs' machine.pyi for each board family (installed
by `make lint` into .venv/stubs/<family>). For every class, method and
function of the simulated module that the firmware names: each parameter the
simulator takes by position, the board takes at that position; each it takes
by keyword, the board takes by that keyword; what the board requires, the
simulator requires; and the constants the firmware uses exist on the board.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SIM = ROOT / "host/adjutant/sim/device/machine.py"
FAMILIES = ("rp2", "esp32")


def _firmware_names() -> set[str]:
    """Every attribute and name the firmware's code mentions."""
    names: set[str] = set()
    for path in (ROOT / "firmware").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute):
                names.add(node.attr)
            elif isinstance(node, ast.Name):
                names.add(node.id)
    return names


def _members(tree: ast.Module) -> dict[str, list[ast.FunctionDef] | set[str]]:
    """'Class.method' or 'function' -> its signatures (overloads); 'Class' -> its constants."""
    out: dict[str, list[ast.FunctionDef] | set[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            out.setdefault(node.name, []).append(node)  # type: ignore[union-attr]
        elif isinstance(node, ast.ClassDef):
            constants: set[str] = set()
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    out.setdefault(f"{node.name}.{item.name}", []).append(item)  # type: ignore[union-attr]
                elif isinstance(item, (ast.Assign, ast.AnnAssign)):
                    targets = item.targets if isinstance(item, ast.Assign) else [item.target]
                    constants |= {t.id for t in targets if isinstance(t, ast.Name)}
            out[node.name] = constants
    return out


def _params(fn: ast.FunctionDef) -> tuple[list[tuple[str, bool, bool]], list[tuple[str, bool]]]:
    """([(name, positional only, required)], [(keyword-only name, required)]), without self."""
    a = fn.args
    positional = [(x.arg, True) for x in a.posonlyargs] + [(x.arg, False) for x in a.args]
    first_default = len(positional) - len(a.defaults)
    pos = [(name, only, i < first_default) for i, (name, only) in enumerate(positional)]
    if pos and pos[0][0] in ("self", "cls"):
        pos = pos[1:]
    kw = [(x.arg, d is None) for x, d in zip(a.kwonlyargs, a.kw_defaults)]
    return pos, kw


def _faults(name: str, sim: ast.FunctionDef, board: list[ast.FunctionDef]) -> list[str]:
    faults = []
    sim_pos, sim_kw = _params(sim)
    if sim.args.vararg or sim.args.kwarg:
        faults.append(f"{name}: the simulator takes *args or **kwargs")
    shapes = [_params(fn) for fn in board]
    for i, (param, _, _) in enumerate(sim_pos):
        at = [pos[i] for pos, _ in shapes if i < len(pos)]
        if not at:
            faults.append(f"{name}: the simulator takes {param!r} as argument {i + 1}, a board takes no such argument")
        elif not any(only or board_name == param for board_name, only, _ in at):
            faults.append(f"{name}: argument {i + 1} is {param!r} here, {[n for n, _, _ in at]} on a board")
    for param, _ in sim_kw:
        if not any(param in [n for n, only, _ in pos if not only] + [n for n, _ in kw] for pos, kw in shapes):
            faults.append(f"{name}: the simulator takes keyword {param!r}, a board does not")
    if len(shapes) == 1:  # what a board requires, the simulator must not let a call leave out
        pos, kw = shapes[0]
        for i, (param, _, required) in enumerate(pos):
            if required and (i >= len(sim_pos) or not sim_pos[i][2]):
                faults.append(f"{name}: a board requires argument {i + 1} ({param!r}); the simulator does not")
        for param, required in kw:
            if required and (param, True) not in sim_kw:
                faults.append(f"{name}: a board requires keyword {param!r}; the simulator does not")
    return faults


@pytest.mark.parametrize("family", FAMILIES)
def test_the_simulated_machine_has_the_boards_signatures_for_what_the_firmware_uses(family: str) -> None:
    stub = ROOT / ".venv/stubs" / family / "machine.pyi"
    if not stub.exists():
        pytest.fail(f"{stub.relative_to(ROOT)} is missing: `make lint` installs the board stubs")
    board = _members(ast.parse(stub.read_text()))
    sim = _members(ast.parse(SIM.read_text()))
    used = _firmware_names()
    checked = []
    faults = []
    for name, sim_members in sim.items():
        owner, _, member = name.rpartition(".")
        if owner:  # a method: of a class the firmware uses, and called by it (or made: __init__)
            if owner not in used or (member not in used and member != "__init__"):
                continue  # simulator controls (set_level) and what the firmware never calls
        elif name not in used:
            continue
        board_members = board.get(name)
        if board_members is None:
            faults.append(f"{name}: the simulator has it, a {family} board does not")
            continue
        if isinstance(sim_members, set):  # a class's constants
            assert isinstance(board_members, set)
            for constant in sorted(c for c in sim_members & used if c.isupper()):  # IN, PULL_UP, IRQ_...
                if constant not in board_members:
                    faults.append(f"{name}.{constant}: not on a {family} board")
            continue
        assert isinstance(board_members, list)
        checked.append(name)
        faults += _faults(name, sim_members[0], board_members)
    assert not faults, "\n".join(faults)
    # the check saw the calls that matter: pins, their interrupts, the bus, the watchdog
    assert {"Pin.__init__", "Pin.value", "Pin.irq", "I2C.__init__", "I2C.writevto", "WDT.__init__"} <= set(checked)


def test_the_comparison_finds_a_keyword_a_board_refuses() -> None:
    board = _members(ast.parse("class WDT:\n    def __init__(self, *, id: int = 0, timeout: int = 5000) -> None: ..."))
    sim = _members(ast.parse("class WDT:\n    def __init__(self, id=0, timeout=5000, strict=False): pass"))
    faults = _faults("WDT.__init__", sim["WDT.__init__"][0], board["WDT.__init__"])  # type: ignore[index]
    assert "WDT.__init__: the simulator takes 'id' as argument 1, a board takes no such argument" in faults
    assert any("'strict'" in fault for fault in faults)
