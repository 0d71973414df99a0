import { Controller, Inject } from '@nestjs/common';
import { executeAction, type CommandReply, type CommandRequest } from '@forage/contracts';
import { HandleCommand } from '@forage/messaging';
import { ActionExecutor } from '../action-executor.js';

@Controller()
export class ExecuteActionHandler {
  constructor(@Inject(ActionExecutor) private readonly executor: ActionExecutor) {}

  @HandleCommand(executeAction)
  execute(request: CommandRequest<typeof executeAction>): Promise<CommandReply<typeof executeAction>> {
    return this.executor.execute(request);
  }
}
