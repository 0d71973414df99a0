import { Controller, Inject } from '@nestjs/common';
import {
  closeSession,
  observeSession,
  openAgentSession,
  type CommandReply,
  type CommandRequest,
} from '@forage/contracts';
import { HandleCommand } from '@forage/messaging';
import { SessionObserver } from '../session-observer.js';

/** `action.open.v1`, `action.observe.v1` and `action.close.v1`: a session opened, seen or ended without acting on it. */
@Controller()
export class SessionHandler {
  constructor(@Inject(SessionObserver) private readonly observer: SessionObserver) {}

  @HandleCommand(openAgentSession)
  open(request: CommandRequest<typeof openAgentSession>): Promise<CommandReply<typeof openAgentSession>> {
    return this.observer.open(request);
  }

  @HandleCommand(observeSession)
  observe(request: CommandRequest<typeof observeSession>): Promise<CommandReply<typeof observeSession>> {
    return this.observer.observe(request);
  }

  @HandleCommand(closeSession)
  close(request: CommandRequest<typeof closeSession>): Promise<CommandReply<typeof closeSession>> {
    return this.observer.close(request);
  }
}
