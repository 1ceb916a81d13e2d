// What went wrong, read out as it appears: a role="alert" line that is there only while it has
// something to say, so each new refusal is announced once.
import type { ReactNode } from 'react';

export default function Alert({ className, children }: { className?: string; children: ReactNode }) {
  return children ? (
    <p className={className} role="alert">
      {children}
    </p>
  ) : null;
}
