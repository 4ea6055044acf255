import { runAdmin } from './admin-command.ts';

/** `npm run -s admin -- promote|demote <username>` (how the first admin is made), `sponsorship add|list`. */
runAdmin(process.argv.slice(2), process.env, console).then((code) => process.exit(code));
