"""Tasks (H13): an outcome entered by the GM, or 1D20 against skill x difficulty."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from siegeboard.model.actions import Difficulty, TaskRoll
from siegeboard.model.structure import TaskOutcome
from siegeboard.rules.messages import _
from siegeboard.rules.words import difficulty_word, outcome_word

if TYPE_CHECKING:
    from siegeboard.rules.context import Context

DIFFICULTY_MULTIPLIER: dict[str, Fraction] = {
    "easy": Fraction(2), "average": Fraction(1), "difficult": Fraction(1, 2),
    "formidable": Fraction(1, 4), "impossible": Fraction(1, 8),
}


def task_outcome(roll: int, skill: int, difficulty: Difficulty) -> TaskOutcome:
    """H13: a natural 1 is outstanding, a natural 20 catastrophic, else success on
    roll <= skill x multiplier (compared exactly, no rounding)."""
    if not 1 <= roll <= 20:
        raise ValueError(f"a D20 shows 1 to 20, not {roll}")
    if skill < 0:
        raise ValueError(f"skill must be 0 or more, not {skill}")
    if roll == 1:
        return "outstanding"
    if roll == 20:
        return "catastrophic"
    return "success" if roll <= skill * DIFFICULTY_MULTIPLIER[difficulty] else "failure"


def resolve_task(ctx: Context, task: TaskRoll, difficulty: Difficulty, what: str) -> TaskOutcome:
    """The task's outcome, rolling 1D20 through the context when the GM gave a skill."""
    if task.outcome is not None:
        ctx.say(_("{what}: {difficulty} task, outcome entered by the GM: {outcome}").format(
            what=what, difficulty=difficulty_word(difficulty), outcome=outcome_word(task.outcome)))
        return task.outcome
    skill = task.skill
    assert skill is not None  # TaskRoll holds either the outcome or the skill
    (roll,) = ctx.roll(1, 20, _("{what}: the task roll against skill {skill}").format(
        what=what, skill=skill))
    outcome = task_outcome(roll, skill, difficulty)
    target = skill * DIFFICULTY_MULTIPLIER[difficulty]
    ctx.say(_("{what}: {difficulty} task, 1D20 = {roll} against skill {skill} x "
              "{difficulty_multiplier} = {float:g}: {outcome}").format(
        what=what, difficulty=difficulty_word(difficulty), roll=roll, skill=task.skill,
        difficulty_multiplier=DIFFICULTY_MULTIPLIER[difficulty], float=float(target),
        outcome=outcome_word(outcome)))
    return outcome
