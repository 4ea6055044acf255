import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { findCourse, nextCourse } from '../lib/catalogue.ts';
import type { Course } from '../lib/course.ts';
import { markCompleted } from '../lib/progress.ts';
import { StepBoard } from './StepBoard.tsx';

/** /learn/<id>: a lesson or a puzzle, one step at a time; its last step solved completes it. */
export function CoursePage({ id }: { id: string }) {
  const course = findCourse(id);
  usePageTitle(course ? `${course.title} · Learn` : 'Learn');
  if (!course) {
    return (
      <main className="mx-auto w-full max-w-4xl px-4 py-8">
        <p className="text-slate-700">There is no such lesson.</p>
        <BackLink />
      </main>
    );
  }
  return <CourseSteps key={course.id} course={course} />;
}

function BackLink() {
  return (
    <Link to="/learn" className="text-sm text-amber-700 hover:underline">
      ← Learn
    </Link>
  );
}

function CourseSteps({ course }: { course: Course }) {
  const [index, setIndex] = useState(0);
  const last = index === course.steps.length - 1;
  const next = nextCourse(course.id);
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-6">
      <BackLink />
      <div className="mt-3 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900">{course.title}</h1>
        {course.steps.length > 1 && (
          <p className="text-sm text-slate-600">
            Step {index + 1} of {course.steps.length}
          </p>
        )}
      </div>
      <StepBoard
        key={index}
        step={course.steps[index]}
        onSolved={() => last && markCompleted(course.id)}
        onward={
          last ? (
            <div className="flex flex-wrap gap-2">
              <p className="w-full font-semibold text-emerald-700">
                {course.steps.length > 1 ? 'Lesson complete!' : 'Puzzle solved!'}
              </p>
              {next && (
                <Link to={`/learn/${next.id}`} className={buttonClass('primary')}>
                  Next: {next.title}
                </Link>
              )}
              <Link to="/learn" className={buttonClass('outline')}>
                Back to Learn
              </Link>
            </div>
          ) : (
            <button type="button" className={buttonClass('primary')} onClick={() => setIndex(index + 1)}>
              Next
            </button>
          )
        }
      />
    </main>
  );
}
