/**
 * The Pekko shell around the kernel: VirtualTimeKeeper owns the kernel, MasterQueue models each master's
 * incoming queue, RankGateway holds the ranks' connections. Actors only hold state and route messages to the
 * pure packages; each protocol is a sealed interface of records. The only emulator package that may use Pekko.
 */
package mse.emulator.actors;
