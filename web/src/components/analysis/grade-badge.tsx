import { Card } from '@/components/card';
import type { Schema } from '@/lib/api-client';

type Grade = NonNullable<Schema<'Analysis'>['grade']>;

// Spec section 4: A green; B and C yellow; D and F red.
const gradeColours: Record<Grade, string> = {
  A: 'bg-green-100 text-green-800 ring-green-700',
  B: 'bg-yellow-100 text-yellow-900 ring-yellow-700',
  C: 'bg-yellow-100 text-yellow-900 ring-yellow-700',
  D: 'bg-red-100 text-red-800 ring-red-700',
  F: 'bg-red-100 text-red-800 ring-red-700',
};

export function gradeColour(grade: Grade): string {
  return gradeColours[grade];
}

export function GradeBadge({ grade }: { grade: Grade }) {
  return (
    <span
      data-grade={grade}
      className={`inline-flex size-20 shrink-0 items-center justify-center rounded-2xl text-5xl font-extrabold ring-2 ${gradeColours[grade]}`}
    >
      <span className="sr-only">Grade </span>
      {grade}
    </span>
  );
}

/** The grade card: its title names whose grade it is ('Your Quote Grade', 'Example Quote Grade'). */
export function GradeCard({ grade, title }: { grade: Grade; title: string }) {
  return (
    <Card shadow="sm" aria-labelledby="grade-card-title" className="flex items-center gap-5">
      <GradeBadge grade={grade} />
      <div>
        <h2 id="grade-card-title" className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-700">Graded A to F by a licensed loan officer.</p>
      </div>
    </Card>
  );
}
