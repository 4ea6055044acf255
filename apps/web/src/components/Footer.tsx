import { Link } from 'react-router';
import { CONTACT_EMAIL, PRODUCT, RULES_BOOK_URL } from '../lib/site.ts';

const linkClass = 'hover:text-white hover:underline focus-visible:text-white';

/** The footer of every page; Login and Register only for visitors who are signed out. */
export function Footer({ signedIn }: { signedIn: boolean }) {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm md:flex-row md:items-center md:justify-between">
        <p className="text-slate-400">
          © {new Date().getFullYear()} {PRODUCT}
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            <li>
              <Link className={linkClass} to="/games">
                Current games
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/players">
                Leaderboards
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/about">
                About
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/support">
                Support
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/feedback">
                Community Feedback
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/sponsor">
                Sponsor Us
              </Link>
            </li>
            <li>
              <a className={linkClass} href={`mailto:${CONTACT_EMAIL}`}>
                Contact
              </a>
            </li>
            <li>
              <Link className={linkClass} to="/privacy">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/terms">
                Terms of Service
              </Link>
            </li>
            <li>
              <a className={linkClass} href={RULES_BOOK_URL} target="_blank" rel="noopener noreferrer">
                Rules Book
              </a>
            </li>
            {!signedIn && (
              <>
                <li>
                  <Link className={linkClass} to="/auth">
                    Login
                  </Link>
                </li>
                <li>
                  <Link className={linkClass} to="/auth?tab=register">
                    Register
                  </Link>
                </li>
              </>
            )}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
