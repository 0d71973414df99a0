import { Controller, Inject } from '@nestjs/common';
import { executeAgentAction, type CommandReply, type CommandRequest } from '@forage/contracts';
import { HandleCommand } from '@forage/messaging';
import { ActionExecutor } from '../action-executor.js';

/** `action.agent-execute.v1`: an agent's action, on agent sessions only and without secrets. */
@Controller()
export class ExecuteAgentActionHandler {
  constructor(@Inject(ActionExecutor) private readonly executor: ActionExecutor) {}

  @HandleCommand(executeAgentAction)
  execute(
    request: CommandRequest<typeof executeAgentAction>,
  ): Promise<CommandReply<typeof executeAgentAction>> {
    return this.executor.execute(request, { agent: true });
  }
}
