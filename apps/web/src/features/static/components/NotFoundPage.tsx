import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';

export function NotFoundPage() {
  return (
    <main className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center gap-3 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Page Not Found</h1>
      <p className="text-slate-600">Did you forget to add the page to the router?</p>
      <Link to="/" className={buttonClass('outline')}>
        Back to home
      </Link>
    </main>
  );
}
