package mse.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of docs/architecture.md ("Modules"), checked on the shipped classes of all three modules (mpi-runner's
 * tests see them all): dependencies point mpi-runner -> emulator -> cluster-config; the functional core has no
 * Pekko; nothing in the emulator knows MPI, and in mpi-runner only Comm does; ranks need no Pekko; the CLI is the
 * top of the tree.
 */
class ArchitectureTest {

    private static JavaClasses shipped;

    @BeforeAll
    static void importShippedClasses() {
        shipped = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TEST_FIXTURES).importPackages("mse");
    }

    @Test
    void clusterConfigDependsOnNeitherEmulatorNorMpiRunner() {
        noClasses().that().resideInAPackage("mse.cluster..")
                .should().dependOnClassesThat().resideInAnyPackage("mse.emulator..", "mse.mpi..")
                .because("dependencies point mpi-runner -> emulator -> cluster-config").check(shipped);
    }

    @Test
    void emulatorDependsNotOnMpiRunnerNorOnMpi() {
        noClasses().that().resideInAPackage("mse.emulator..")
                .should().dependOnClassesThat().resideInAnyPackage("mse.mpi..", "mpi..")
                .because("nothing in emulator knows about MPI").check(shipped);
    }

    @Test
    void theFunctionalCoreHasNoPekko() {
        noClasses().that().resideInAnyPackage("mse.emulator.kernel..", "mse.emulator.model..", "mse.emulator.sim..",
                        "mse.emulator.partial..", "mse.emulator.workrate..", "mse.emulator.analytic..", "mse.emulator.analysis..")
                .should().dependOnClassesThat().resideInAPackage("org.apache.pekko..")
                .because("functional core, actor shell: these packages are plain Java, unit-tested directly").check(shipped);
    }

    @Test
    void pekkoStaysInTheActorShell() {
        noClasses().that().resideOutsideOfPackages("mse.emulator.actors..", "mse.mpi.launch..", "mse.mpi.cli..")
                .and().doNotHaveFullyQualifiedName("mse.mpi.experiment.Versions")
                .should().dependOnClassesThat().resideInAPackage("org.apache.pekko..")
                .because("the actors own the emulator's Pekko system, launch starts it (Versions names its version for "
                        + "--version and report.html); "
                        + "programs, Comm and the ranks' wire need no Pekko")
                .check(shipped);
    }

    @Test
    void onlyCommTalksToOpenMpi() {
        noClasses().that().resideOutsideOfPackage("mse.mpi.comm..")
                .should().dependOnClassesThat().resideInAPackage("mpi..")
                .because("Open MPI's Java bindings are gone from Open MPI 6: all MPI use stays behind Comm").check(shipped);
    }

    @Test
    void mpiRunnersPackagesDependOnEachOtherOneWayOnly() {
        slices().matching("mse.mpi.(*)..").should().beFreeOfCycles()
                .because("comm, rank, apps, launch, experiment and cli are layers: a cycle would make them one").check(shipped);
    }

    @Test
    void nothingDependsOnTheCommandLine() {
        noClasses().that().resideOutsideOfPackage("mse.mpi.cli..")
                .should().dependOnClassesThat().resideInAPackage("mse.mpi.cli..")
                .because("the mse command is the top: programs, launch and comm work without it").check(shipped);
    }
}
