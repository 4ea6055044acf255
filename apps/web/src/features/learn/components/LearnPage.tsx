import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { firstOpen } from '../lib/catalogue.ts';
import type { Course } from '../lib/course.ts';
import { LESSONS } from '../lib/lessons.ts';
import { completedCourses } from '../lib/progress.ts';
import { PUZZLES } from '../lib/puzzles.ts';

/** /learn: the lessons, one per rule, and the puzzles, each with its checkmark once completed. */
export function LearnPage() {
  usePageTitle('Learn');
  const done = completedCourses();
  const next = firstOpen(LESSONS, done) ?? firstOpen(PUZZLES, done);
  const started = [...LESSONS, ...PUZZLES].some((c) => done.has(c.id));
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <Link to="/" className="text-sm text-amber-700 hover:underline">
        ← Home
      </Link>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Learn Shared Box Chess</h1>
          <p className="mt-2 text-slate-600">
            One short lesson for each rule of the shared box, then puzzles to try them out.
          </p>
        </div>
        {next && (
          <Link to={`/learn/${next.id}`} className={buttonClass('primary', 'lg')}>
            {started ? 'Continue' : 'Start'}
          </Link>
        )}
      </div>
      <CourseList title="Lessons" courses={LESSONS} done={done} />
      <CourseList title="Puzzles" courses={PUZZLES} done={done} />
    </main>
  );
}

function CourseList({
  title,
  courses,
  done,
}: {
  title: string;
  courses: readonly Course[];
  done: ReadonlySet<string>;
}) {
  const count = courses.filter((c) => done.has(c.id)).length;
  return (
    <section className="mt-8" aria-labelledby={`learn-${title}`}>
      <h2 id={`learn-${title}`} className="flex items-baseline gap-3 text-xl font-semibold text-slate-900">
        {title}
        <span className="text-sm font-normal text-slate-500">
          {count} of {courses.length} completed
        </span>
      </h2>
      <ol className="mt-3 grid gap-3 sm:grid-cols-2">
        {courses.map((c, i) => (
          <li key={c.id}>
            <Link
              to={`/learn/${c.id}`}
              className="flex h-full items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-amber-400 hover:shadow"
            >
              <span
                className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                  done.has(c.id) ? 'bg-emerald-600 text-white' : 'bg-slate-100 text-slate-600'
                }`}
              >
                {done.has(c.id) ? (
                  <>
                    <span aria-hidden="true">✓</span>
                    <span className="sr-only">Completed:</span>
                  </>
                ) : (
                  i + 1
                )}
              </span>
              <span>
                <span className="block font-semibold text-slate-900">{c.title}</span>
                <span className="block text-sm text-slate-600">{c.summary}</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
