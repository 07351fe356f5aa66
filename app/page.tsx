import { redirect } from 'next/navigation';

/** The home path is /wel/index (spec 000 §2). */
export default function RootPage() {
  redirect('/wel/index');
}
