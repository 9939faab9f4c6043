import { Component, type ReactNode } from 'react';
import { RouteError } from './route-error';

type State = { failed: boolean };

/**
 * Shows RouteError in place of a page whose chunk did not load or that threw while drawing. React
 * has already logged the error; the route keys this by its path, so moving to another page starts anew.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
