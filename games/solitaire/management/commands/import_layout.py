"""``manage.py import_layout FILE [--name NAME]``: a KMahjongg layout file becomes a new,
inactive layout. Prints the new layout's letter alone on stdout, so that scripts
can go on with ``manage.py deal <seed>-<letter>``; the rest goes to stderr."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.solitaire import curation
from games.solitaire.models import Layout

NAME_LENGTH = Layout._meta.get_field("name").max_length


class Command(BaseCommand):
    help = "Import a KMahjongg .layout file (version 1.0 or 1.1) as a new, inactive layout."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="the .layout file")
        parser.add_argument("--name", help="the layout's name (default: from the file name)")

    def handle(self, *args, file: Path, name: str | None, **options) -> None:
        name = (name or "").strip() or curation.name_from_filename(file.name)
        if len(name) > NAME_LENGTH:
            raise CommandError(f"the name has {len(name)} characters: at most {NAME_LENGTH}")
        try:
            data = file.read_bytes()
        except OSError as error:
            raise CommandError(f"cannot read {file}: {error.strerror or error}") from None
        try:
            layout, report = curation.import_layout(data, name=name)
        except curation.LayoutRejected as error:
            problems = "\n".join(f"- {problem}" for problem in error.problems)
            raise CommandError(f"{file.name} cannot become a layout:\n{problems}") from None
        self.stdout.write(layout.letter)
        self.stderr.write(
            f"Imported “{layout.name}” as layout {layout.letter}: {len(layout.positions)} "
            f"tiles, {report.free_at_start} free at the start, {report.tile_set}. It is "
            f"inactive: try `manage.py deal 1-{layout.letter}`, then switch it on in the admin."
        )
        for warning in report.warnings:
            self.stderr.write(f"warning: {warning}")
