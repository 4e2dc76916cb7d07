import { Route, Switch } from 'wouter';
import { HomePage } from './pages/HomePage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { paths } from './routes.ts';

/** The React island: every app path lands here and wouter routes on the client. */
export default function App() {
  return (
    <Switch>
      <Route path={paths.home()} component={HomePage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
